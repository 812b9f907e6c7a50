import { StreamLanguage, type StringStream } from '@codemirror/language';

const KEYWORDS = new Set([
  'import',
  'package',
  'option',
  'return',
  'if',
  'then',
  'else',
  'and',
  'or',
  'not',
  'exists',
  'builtin',
  'testcase',
]);
const ATOMS = new Set(['true', 'false']);
/** A Flux duration or time literal: -1h, 30d, 1h30m, 10ms, 2024-01-01T00:00:00Z. */
const DURATION = /^-?\d+(?:mo|ms|us|µs|ns|[ywdhms])(?:\d+(?:mo|ms|us|µs|ns|[ywdhms]))*/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))?/;

interface FluxState {
  inString: boolean;
}

function readString(stream: StringStream, state: FluxState): string {
  let escaped = false;
  while (!stream.eol()) {
    const char = stream.next();
    if (char === '"' && !escaped) {
      state.inString = false;
      return 'string';
    }
    escaped = !escaped && char === '\\';
  }
  return 'string';
}

/**
 * Flux as CodeMirror highlights it: keywords, strings (across lines), durations and numbers, comments, the pipe
 * forward, function calls and record keys. A tokenizer is enough here: the server checks the query.
 */
export const fluxLanguage = StreamLanguage.define<FluxState>({
  name: 'flux',
  startState: () => ({ inString: false }),
  token(stream, state) {
    if (state.inString) return readString(stream, state);
    if (stream.eatSpace()) return null;
    if (stream.match('//')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.eat('"')) {
      state.inString = true;
      return readString(stream, state);
    }
    if (stream.match(DATE_TIME) || stream.match(DURATION) || stream.match(/^\d+(?:\.\d+)?(?:e[+-]?\d+)?/i)) return 'number';
    if (stream.match('|>') || stream.match(/^(?:=~|!~|==|!=|<=|>=|<-|=>|[+\-*/%^<>=])/)) return 'operator';
    const word = stream.match(/^[A-Za-z_][\w]*/) as RegExpMatchArray | null;
    if (word) {
      const name = word[0];
      if (KEYWORDS.has(name)) return 'keyword';
      if (ATOMS.has(name)) return 'bool';
      if (stream.match(/^\s*\(/, false)) return 'variableName.function';
      if (stream.match(/^\s*:(?!=)/, false)) return 'propertyName';
      return 'variableName';
    }
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: '//' } },
});
