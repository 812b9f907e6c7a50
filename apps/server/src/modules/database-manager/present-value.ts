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

/** A value on screen: bytea as presentBytea, anything else as the driver gave it. */
export function presentValue(value: unknown): unknown {
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
