import type { RedisBytes } from '@guildhall/contract';

type StringPage = { value: RedisBytes };

const toHex = (text: string) => Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The pages of a string read so far as one value: text if every page was UTF-8, else all of it as hex. */
export function joinStringPages(pages: readonly StringPage[]): RedisBytes {
  if (pages.every((page) => typeof page.value === 'string')) return pages.map((page) => page.value).join('');
  return { hex: pages.map((page) => (typeof page.value === 'string' ? toHex(page.value) : page.value.hex)).join('') };
}

/** A JSON object or array pretty-printed with two spaces; null for any other text. */
export function prettyJson(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return null;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return null;
  }
}

/**
 * The text to store for an edited JSON value: compact again when the stored value was compact JSON (an edit
 * should not reformat what an application wrote), otherwise the text as typed.
 */
export function jsonToStore(original: string, edited: string): string {
  try {
    if (JSON.stringify(JSON.parse(original)) !== original) return edited;
    return JSON.stringify(JSON.parse(edited));
  } catch {
    return edited;
  }
}

/** Hex digits as byte pairs, 16 to a line, for the hex editor. */
export const hexLines = (hex: string) =>
  (hex.match(/.{1,32}/g) ?? []).map((line) => line.replace(/(..)(?!$)/g, '$1 ')).join('\n');

/** A hex dump: offset, 16 bytes in hex, and the printable ones as text ('.' for the others). */
export function hexDump(hex: string): string {
  const lines: string[] = [];
  for (let start = 0; start < hex.length; start += 32) {
    const chunk = hex.slice(start, start + 32);
    const bytes = chunk.match(/../g) ?? [];
    const text = bytes.map((pair) => {
      const byte = Number.parseInt(pair, 16);
      return byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '.';
    });
    lines.push(`${(start / 2).toString(16).padStart(8, '0')}  ${bytes.join(' ').padEnd(47)}  |${text.join('')}|`);
  }
  return lines.join('\n');
}
