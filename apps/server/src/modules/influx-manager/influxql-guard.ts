/**
 * Whether an InfluxQL text is one read: exactly one SELECT (without INTO) or SHOW statement.
 *
 * InfluxQL's scanner (github.com/influxdata/influxql, scanner.go) has '…' strings and "…" identifiers with
 * backslash escapes, `--` comments to the end of the line and `/* … *\/` comments; `//` is no comment. A `/` is
 * division, or — where the parser expects a regex (a field, a source, a dimension, after =~ and !~) — the start
 * of a regex literal /…/ in which only `\/` escapes, and in which `/*`, `--`, quotes and `;` are plain text. Which
 * one it is depends on the grammar, so this checker does not guess: it follows every reading at once (a small
 * nondeterministic scanner whose states are deduplicated per position) and refuses the text if any reading has a
 * second statement, an INTO, or starts with anything but SELECT or SHOW. A reading InfluxDB cannot take only adds
 * refusals, never an acceptance, so a query is refused only in the rare case where a regex holds `;` or `into`
 * and another reading would make them code.
 */

/** Why a text is not one read. */
export type InfluxQLRefusal = 'notRead' | 'multipleStatements' | 'unterminated';

type Mode = 'code' | 'string' | 'identifier' | 'regex' | 'lineComment' | 'blockComment';
/** start: before the statement's first word; body: inside the statement; after: past its `;`. */
type Phase = 'start' | 'body' | 'after';

interface State {
  mode: Mode;
  phase: Phase;
  /** The last code token was =~ or !~ (whitespace since): a `/` can only start a regex. */
  isAfterRegexOperator: boolean;
}

const READ_WORD = /^(?:select|show)(?![A-Za-z0-9_"])/i;
const INTO_WORD = /^into(?![A-Za-z0-9_])/i;
/** InfluxQL's whitespace: space, tab and line feed (anything else is an illegal token). */
const isWhitespace = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n';
const isLetterOrUnderscore = (char: string | undefined) => char !== undefined && /[A-Za-z_]/.test(char);

/** Checks that the text is exactly one SELECT without INTO, or one SHOW; null when it is. */
export function checkInfluxQLRead(query: string): InfluxQLRefusal | null {
  const pending = new Map<number, Map<string, State>>();
  const refusals = new Set<InfluxQLRefusal>();
  let isAnyReadingComplete = false;

  const add = (at: number, state: State) => {
    let states = pending.get(at);
    if (!states) {
      states = new Map();
      pending.set(at, states);
    }
    states.set(`${state.mode}|${state.phase}|${state.isAfterRegexOperator}`, state);
  };

  add(0, { mode: 'code', phase: 'start', isAfterRegexOperator: false });
  for (let at = 0; at <= query.length; at++) {
    const states = pending.get(at);
    if (!states) continue;
    pending.delete(at);
    for (const state of states.values()) {
      if (at === query.length) {
        // Strings, names, regexes and block comments left open are a parse error: that reading runs nothing.
        if (state.mode === 'code' || state.mode === 'lineComment') {
          isAnyReadingComplete = true;
          if (state.phase === 'start') refusals.add('notRead');
        }
        continue;
      }
      step(query, at, state, add, refusals);
    }
    // Past the first refusal the answer is known.
    if (refusals.size > 0) break;
  }
  if (refusals.has('multipleStatements')) return 'multipleStatements';
  if (refusals.has('notRead')) return 'notRead';
  return isAnyReadingComplete ? null : 'unterminated';
}

function step(query: string, at: number, state: State, add: (at: number, state: State) => void, refusals: Set<InfluxQLRefusal>) {
  const char = query[at];
  const next = query[at + 1];
  const go = (length: number, change: Partial<State> = {}) =>
    add(at + length, { ...state, isAfterRegexOperator: false, ...change });

  switch (state.mode) {
    case 'string':
    case 'identifier': {
      // \n \\ \" \' are its escapes; anything else after a backslash is a parse error, read on regardless.
      if (char === '\\') return go(2);
      if (char === (state.mode === 'string' ? "'" : '"')) return go(1, { mode: 'code' });
      return go(1);
    }
    case 'regex': {
      // \/ escapes the slash; InfluxQL reads a backslash before anything else as itself (so \\/ still escapes),
      // a scanner that pairs backslashes would end the regex there: both readings are followed, to be safe.
      if (char === '\\') {
        if (next === '/') return go(2);
        go(1);
        go(2);
        return;
      }
      if (char === '/') return go(1, { mode: 'code' });
      return go(1);
    }
    case 'lineComment':
      return char === '\n' ? go(1, { mode: 'code' }) : go(1);
    case 'blockComment':
      return char === '*' && next === '/' ? go(2, { mode: 'code' }) : go(1);
  }

  // Code.
  if (isWhitespace(char)) return go(1, { isAfterRegexOperator: state.isAfterRegexOperator });
  if (char === '-' && next === '-') return go(2, { mode: 'lineComment' });
  if (state.phase !== 'body') {
    // Between statements the parser scans plain tokens: `/*` opens a comment, and only SELECT or SHOW may start.
    if (char === '/' && next === '*') return go(2, { mode: 'blockComment' });
    if (state.phase === 'after') {
      if (char === ';') return go(1);
      refusals.add('multipleStatements');
      return;
    }
    const word = READ_WORD.exec(query.slice(at, at + 7));
    if (!word) {
      refusals.add('notRead');
      return;
    }
    return go(word[0].length, { phase: 'body' });
  }
  if (char === '/') {
    go(1, { mode: 'regex' });
    if (state.isAfterRegexOperator) return;
    if (next === '*') go(2, { mode: 'blockComment' });
    else go(1);
    return;
  }
  if (char === "'") return go(1, { mode: 'string' });
  if (char === '"') return go(1, { mode: 'identifier' });
  if (char === ';') return go(1, { phase: 'after' });
  if ((char === '=' || char === '!') && next === '~') return go(2, { isAfterRegexOperator: true });
  if ((char === '!' || char === '<' || char === '>') && next === '=') return go(2);
  // INTO as a word of its own (after a digit too: `2.5into` is a number and then INTO).
  if ((char === 'i' || char === 'I') && !isLetterOrUnderscore(query[at - 1]) && INTO_WORD.test(query.slice(at, at + 5))) {
    refusals.add('notRead');
    return;
  }
  return go(1);
}
