import { LONG_TEXT_PREVIEW_CHARS, type TruncatedText } from '@guildhall/contract';

/** Bytes of a bytea shown as hex on screen; the length says how long the value really is. */
export const BYTEA_PREVIEW_BYTES = 1024;

/** A bytea as the table browser and the query runner show it. */
export interface PresentedBytea {
  hex: string;
  length: number;
}

const isBytes = (value: unknown): value is Uint8Array => value instanceof Uint8Array;

/**
 * bytea on screen, the same in the row view and the query runner: `{ hex, length }`, the hex of the first 1 KiB
 * and the value's real length. `length` is given when only the first bytes were read (the row view reads
 * `substring(... FOR 1024)` and `octet_length` so a large value never leaves the database whole).
 */
export function presentBytea(bytes: Uint8Array, length = bytes.byteLength): PresentedBytea {
  const preview = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, BYTEA_PREVIEW_BYTES));
  return { hex: preview.toString('hex'), length };
}

/**
 * A string on screen: as it is up to LONG_TEXT_PREVIEW_CHARS characters, else its first ones and its length, both
 * in code points as PostgreSQL counts them (the row view cuts in SQL with left() and char_length()).
 */
export function presentText(value: string): string | TruncatedText {
  // UTF-16 units are never fewer than code points: a string this short cannot be too long.
  if (value.length <= LONG_TEXT_PREVIEW_CHARS) return value;
  let length = 0;
  let cut = value.length;
  for (let i = 0; i < value.length; i++) {
    if (length === LONG_TEXT_PREVIEW_CHARS && cut === value.length) cut = i;
    const code = value.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    length++;
  }
  return length <= LONG_TEXT_PREVIEW_CHARS ? value : { truncatedText: value.slice(0, cut), length };
}

/** A value on screen: bytea as presentBytea, a long string as presentText, anything else as the driver gave it. */
export function presentValue(value: unknown): unknown {
  if (typeof value === 'string') return presentText(value);
  return isBytes(value) ? presentBytea(value) : value;
}

/** A row on screen, every value presentable. */
export function presentRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = presentValue(value);
  return out;
}

/** A value in an export file: the whole bytea as `\x` hex (psql's text form), since a file must lose nothing. */
export function exportValue(value: unknown): unknown {
  return isBytes(value) ? `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}` : value;
}

/** A row in an export file. */
export function exportRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = exportValue(value);
  return out;
}
