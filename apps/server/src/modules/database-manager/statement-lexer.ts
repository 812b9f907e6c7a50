/**
 * A lexer for PostgreSQL statement text, as far as a safety check needs it: where words, quoted identifiers and
 * string constants begin and end, with comments dropped. It follows PostgreSQL's own scanner (scan.l) on the
 * points an attacker could play on: nested block comments, `--` inside an operator, E'' strings with backslash
 * escapes, U&"" identifiers with Unicode escapes (and UESCAPE), dollar quotes whose tag cannot start with a
 * digit, `$` inside identifiers, and the longest-match rule that makes `e'…'` a string but `abe'…'` a word and a
 * string. It assumes standard_conforming_strings is on (the runner sets it for every statement it checks).
 */

/** One token: a word (unquoted, lower-cased), a quoted identifier, a string constant, or any other character. */
export type SqlToken =
  | { kind: 'word'; value: string; at: number }
  | { kind: 'identifier'; value: string; at: number }
  | { kind: 'string'; value: string; at: number }
  | { kind: 'other'; value: string; at: number };

/** The text could not be read to its end: an unterminated string, identifier, dollar quote or comment. */
export class SqlLexError extends Error {}

const isIdentStart = (c: string) => /[A-Za-z_]/.test(c) || c.charCodeAt(0) >= 0x80;
const isIdentCont = (c: string) => /[A-Za-z0-9_$]/.test(c) || c.charCodeAt(0) >= 0x80;
const isTagCont = (c: string) => /[A-Za-z0-9_]/.test(c) || c.charCodeAt(0) >= 0x80;

// Sticky (y): matched where the scan stands, never by copying the rest of the text.
const NUMBER = /(\d+\.(?!\.)\d*|\.\d+|\d+)([eE][+-]?\d+)?/y;

/** PostgreSQL's whitespace only: any other character from U+0080 up is part of an identifier there. */
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';

/** The position after whitespace, `--` comments and (nested) block comments from i. */
function skipSpaceAndComments(sql: string, from: number): number {
  const n = sql.length;
  let i = from;
  for (;;) {
    const c = sql[i] ?? '';
    const next = sql[i + 1] ?? '';
    if (isSpace(c)) {
      i++;
    } else if (c === '-' && next === '-') {
      while (i < n && sql[i] !== '\n' && sql[i] !== '\r') i++;
    } else if (c === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (depth > 0) {
        if (i >= n) throw new SqlLexError('unterminated /* comment');
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth--;
          i += 2;
        } else {
          i++;
        }
      }
    } else {
      return i;
    }
  }
}

/** Decodes U&'' / U&"" escapes: \XXXX, \+XXXXXX, and the escape character doubled. */
function decodeUnicode(text: string, escapeChar: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== escapeChar) {
      out += c;
      continue;
    }
    if (text[i + 1] === escapeChar) {
      out += escapeChar;
      i++;
    } else if (text[i + 1] === '+' && /^[0-9A-Fa-f]{6}$/.test(text.slice(i + 2, i + 8))) {
      out += String.fromCodePoint(Number.parseInt(text.slice(i + 2, i + 8), 16));
      i += 7;
    } else if (/^[0-9A-Fa-f]{4}$/.test(text.slice(i + 1, i + 5))) {
      out += String.fromCodePoint(Number.parseInt(text.slice(i + 1, i + 5), 16));
      i += 4;
    } else {
      throw new SqlLexError('invalid Unicode escape');
    }
  }
  return out;
}

/** Splits statement text into tokens; throws SqlLexError where PostgreSQL would find the text unterminated. */
export function lexSql(sql: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  const n = sql.length;
  let i = 0;

  /** A quoted run from i (at the opening quote) to its closing quote; a doubled quote is one quote inside. */
  const quoted = (quote: string, backslashEscapes: boolean): string => {
    let value = '';
    let j = i + 1;
    for (;;) {
      if (j >= n) throw new SqlLexError(quote === '"' ? 'unterminated quoted identifier' : 'unterminated quoted string');
      const c = sql[j]!;
      if (backslashEscapes && c === '\\') {
        value += sql[j + 1] ?? '';
        j += 2;
        continue;
      }
      if (c === quote) {
        if (sql[j + 1] === quote) {
          value += quote;
          j += 2;
          continue;
        }
        i = j + 1;
        return value;
      }
      value += c;
      j++;
    }
  };

  /** After a U& constant: an optional UESCAPE 'c' clause (across whitespace and nested comments), consumed. */
  const uescape = (): string => {
    const at = skipSpaceAndComments(sql, i);
    if (sql.slice(at, at + 7).toLowerCase() !== 'uescape' || isIdentCont(sql[at + 7] ?? ' ')) return '\\';
    const quote = skipSpaceAndComments(sql, at + 7);
    if (sql[quote] !== "'" || sql[quote + 2] !== "'" || sql[quote + 1] === "'" || sql[quote + 1] === undefined) {
      throw new SqlLexError('invalid UESCAPE');
    }
    i = quote + 3;
    return sql[quote + 1]!;
  };

  while (i < n) {
    const c = sql[i]!;
    const next = sql[i + 1] ?? '';
    if (isSpace(c) || (c === '-' && next === '-') || (c === '/' && next === '*')) {
      i = skipSpaceAndComments(sql, i);
    } else if (c === "'") {
      const at = i;
      tokens.push({ kind: 'string', value: quoted("'", false), at });
    } else if (c === '"') {
      const at = i;
      const value = quoted('"', false);
      if (value === '') throw new SqlLexError('zero-length delimited identifier');
      tokens.push({ kind: 'identifier', value, at });
    } else if (c === '$' && /[0-9]/.test(next)) {
      // A parameter: $1.
      const at = i;
      i++;
      while (i < n && /[0-9]/.test(sql[i]!)) i++;
      tokens.push({ kind: 'other', value: sql.slice(at, i), at });
    } else if (c === '$') {
      const at = i;
      let j = i + 1;
      if (j < n && isIdentStart(sql[j]!)) {
        j++;
        while (j < n && isTagCont(sql[j]!)) j++;
      }
      if (sql[j] === '$') {
        const tag = sql.slice(i, j + 1);
        const end = sql.indexOf(tag, j + 1);
        if (end < 0) throw new SqlLexError('unterminated dollar-quoted string');
        tokens.push({ kind: 'string', value: sql.slice(j + 1, end), at });
        i = end + tag.length;
      } else {
        tokens.push({ kind: 'other', value: '$', at });
        i++;
      }
    } else if (isIdentStart(c)) {
      const at = i;
      let j = i + 1;
      while (j < n && isIdentCont(sql[j]!)) j++;
      const word = sql.slice(i, j);
      const lower = word.toLowerCase();
      const after = sql[j] ?? '';
      if (lower === 'u' && after === '&' && (sql[j + 1] === "'" || sql[j + 1] === '"')) {
        // U&'…' or U&"…": decoded with its escape character.
        const quote = sql[j + 1]!;
        i = j + 1;
        const raw = quoted(quote, false);
        const value = decodeUnicode(raw, uescape());
        tokens.push(quote === '"' ? { kind: 'identifier', value, at } : { kind: 'string', value, at });
      } else if ((lower === 'e' || lower === 'b' || lower === 'x' || lower === 'n') && after === "'") {
        i = j;
        tokens.push({ kind: 'string', value: quoted("'", lower === 'e'), at });
      } else {
        tokens.push({ kind: 'word', value: lower, at });
        i = j;
      }
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(next))) {
      // A number ends where its digits do: `1do` is the number 1 and the word do, as PostgreSQL 15 reads it.
      const at = i;
      NUMBER.lastIndex = i;
      const number = NUMBER.exec(sql)!;
      i += number[0].length;
      tokens.push({ kind: 'other', value: number[0], at });
    } else {
      tokens.push({ kind: 'other', value: c, at: i });
      i++;
    }
  }
  // A UESCAPE the scan above did not take with its U& constant would leave that constant decoded wrongly.
  if (tokens.some((token) => token.kind === 'word' && token.value === 'uescape')) {
    throw new SqlLexError('UESCAPE not read with its U& constant');
  }
  return tokens;
}
