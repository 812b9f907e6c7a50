/**
 * Whether a Flux text only reads this InfluxDB. Flux writes with `to` (and its relatives), reaches other hosts
 * with `from(host:)`, `buckets(host:)` and with packages (sql, http, socket, csv, experimental…), and a function
 * can be renamed (`t = to`) or passed around, so names are not checked at call sites: any mention of a refused
 * name outside strings and comments is refused, wherever it stands, and only a short list of packages may be
 * imported. `host` and `token` may still be read as columns (`r.host`); as anything else they are refused.
 *
 * Flux's `/` is division or the start of a regex literal depending on the grammar; the checker follows both
 * readings (states deduplicated per position) and refuses what either reading would make code. String
 * interpolation (`${…}` inside a string runs code) and string-keyed properties (`"host": …`) are refused too.
 */

/** Packages a query may import: pure functions over the data it reads, nothing that writes or connects. */
export const FLUX_ALLOWED_IMPORTS = [
  'date',
  'math',
  'regexp',
  'strings',
  'experimental/aggregate',
  'influxdata/influxdb/schema',
] as const;

/** Identifiers that write or point a read at another server, refused wherever they appear. */
const REFUSED_NAMES = new Set(['to', 'wideTo', 'builtin']);
/** Parameters that point a read at another server or hand it other credentials; allowed only after a dot. */
const REFUSED_PARAMETERS = new Set(['host', 'token']);

/** Why a text is refused. */
export type FluxRefusal =
  | { kind: 'import'; name: string }
  | { kind: 'name'; name: string }
  | { kind: 'interpolation' }
  | { kind: 'stringKey' }
  | { kind: 'unterminated' };

type Mode = 'code' | 'string' | 'regex' | 'comment';
/**
 * The last code token (comments and whitespace are skipped): a dot, a string, an operator or opening bracket
 * (after which a `/` can only open a regex), or anything else (an operand, or a token not worth telling apart).
 */
type Last = 'dot' | 'string' | 'operator' | 'operand';

/** Punctuation after which an operand must follow. */
const OPERATOR_CHARS = new Set(['(', '[', '{', ',', ':', '=', '~', '<', '>', '+', '-', '*', '%', '^', '!', '|', '?']);
/** Keywords after which an operand must follow. */
const OPERATOR_WORDS = new Set(['and', 'or', 'not', 'return', 'if', 'then', 'else', 'exists']);

interface State {
  mode: Mode;
  last: Last;
}

const WORD = /^[\p{L}\p{N}_]+/u;
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}_]/u.test(char);
const IMPORT = /^import[ \t\r\n]+(?:[A-Za-z_][A-Za-z0-9_]*[ \t\r\n]+)?"([^"\\\n$]*)"/;

/** Checks a Flux text; null when it only reads. */
export function checkFluxRead(query: string): FluxRefusal | null {
  const pending = new Map<number, Map<string, State>>();
  let refusal: FluxRefusal | null = null;
  let isAnyReadingComplete = false;
  const add = (at: number, state: State) => {
    let states = pending.get(at);
    if (!states) {
      states = new Map();
      pending.set(at, states);
    }
    states.set(`${state.mode}|${state.last}`, state);
  };
  const refuse = (found: FluxRefusal) => {
    refusal ??= found;
  };

  add(0, { mode: 'code', last: 'operator' });
  for (let at = 0; at <= query.length && !refusal; at++) {
    const states = pending.get(at);
    if (!states) continue;
    pending.delete(at);
    for (const state of states.values()) {
      if (at === query.length) {
        if (state.mode === 'code' || state.mode === 'comment') isAnyReadingComplete = true;
        continue;
      }
      step(query, at, state, add, refuse);
    }
  }
  return refusal ?? (isAnyReadingComplete ? null : { kind: 'unterminated' });
}

function step(
  query: string,
  at: number,
  state: State,
  add: (at: number, state: State) => void,
  refuse: (found: FluxRefusal) => void,
) {
  const char = query[at] as string;
  const next = query[at + 1];
  const go = (length: number, change: Partial<State> = {}) => add(at + length, { ...state, ...change });

  switch (state.mode) {
    case 'string':
      if (char === '\\') return go(2);
      if (char === '$' && next === '{') return refuse({ kind: 'interpolation' });
      if (char === '"') return go(1, { mode: 'code', last: 'string' });
      return go(1);
    case 'regex':
      // \/ escapes the slash; whether a backslash pairs with anything else, both readings are followed.
      if (char === '\\') {
        if (next === '/') return go(2);
        go(1);
        go(2);
        return;
      }
      if (char === '/') return go(1, { mode: 'code', last: 'operand' });
      return go(1);
    case 'comment':
      return char === '\n' ? go(1, { mode: 'code' }) : go(1);
  }

  // Code.
  if (/\s/.test(char)) return go(1);
  if (char === '/' && next === '/') return go(2, { mode: 'comment' });
  if (char === ':' && state.last === 'string') return refuse({ kind: 'stringKey' });
  if (char === '"') return go(1, { mode: 'string' });
  if (char === '/') {
    go(1, { mode: 'regex', last: 'operand' });
    // Division needs a left operand: after an operator, a bracket or a comma a `/` can only open a regex.
    if (state.last !== 'operator') go(1, { last: 'operator' });
    return;
  }
  if (char === '.' && !/[0-9]/.test(next ?? '')) return go(1, { last: 'dot' });
  if (char === '.') return go(1, { last: 'operand' });
  // `<-` (a pipe's input) is an operand, after which a `/` may be a division.
  if (char === '<' && next === '-') return go(2, { last: 'operand' });
  if (isWordChar(char) && !isWordChar(query[at - 1])) {
    const word = (WORD.exec(query.slice(at, at + 256)) as RegExpExecArray)[0];
    // Digits first are a number or a duration; the letters after them would still be read as a name.
    const name = word.replace(/^[0-9]+/, '');
    if (name === 'import') {
      const path = IMPORT.exec(query.slice(at, at + 512))?.[1];
      if (path === undefined || !(FLUX_ALLOWED_IMPORTS as readonly string[]).includes(path)) {
        return refuse({
          kind: 'import',
          name:
            path ??
            query
              .slice(at, at + 40)
              .split('\n')[0]!
              .trim(),
        });
      }
    }
    if (REFUSED_NAMES.has(name)) return refuse({ kind: 'name', name });
    if (REFUSED_PARAMETERS.has(name) && state.last !== 'dot') return refuse({ kind: 'name', name });
    // A keyword after a dot would be a member's name, an operand.
    return go(word.length, { last: OPERATOR_WORDS.has(word) && state.last !== 'dot' ? 'operator' : 'operand' });
  }
  return go(1, { last: OPERATOR_CHARS.has(char) ? 'operator' : 'operand' });
}
