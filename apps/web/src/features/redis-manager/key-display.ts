import { type RedisBytes, redisBytesLabel, redisKeyLabel } from '@guildhall/contract';

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const isControl = (code: number) => code < 0x20 || code === 0x7f;

/** Control characters as visible escapes (\n, \t, \x07), so a name stays on one line and shows what it holds. */
export function visibleText(text: string): string {
  let shown = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    shown += isControl(code) ? (NAMED[char] ?? `\\x${code.toString(16).padStart(2, '0')}`) : char;
  }
  return shown;
}

/** A key's name for the list and the tree: its text, non-UTF-8 bytes as \xNN, control characters escaped. */
export const keyName = (entry: { key: string; keyEncoding: 'utf8' | 'hex' }) => visibleText(redisKeyLabel(entry));

/** Bytes of a value (a member, a field, an item) for display on one line. */
export const bytesText = (value: RedisBytes) => visibleText(redisBytesLabel(value));

/** Whether bytes came as hex (not valid UTF-8): shown as \xNN and edited as hex. */
export const isHexBytes = (value: RedisBytes): value is { hex: string } => typeof value !== 'string';
