import { describe, expect, it } from 'vitest';
import { bytesText, keyName } from './key-display';

describe('a key as the browser shows it', () => {
  it('keeps text, escapes control characters and shows bytes that are not UTF-8 as \\xNN', () => {
    expect(keyName({ key: 'guild:1 roster ✓', keyEncoding: 'utf8' })).toBe('guild:1 roster ✓');
    expect(keyName({ key: 'line\nbreak\ttab\u0007', keyEncoding: 'utf8' })).toBe('line\\nbreak\\ttab\\x07');
    expect(keyName({ key: '6b6579ff00', keyEncoding: 'hex' })).toBe('key\\xff\\x00');
    expect(keyName({ key: '<b>x</b>', keyEncoding: 'utf8' })).toBe('<b>x</b>');
  });

  it('shows value bytes the same way', () => {
    expect(bytesText('a\r\nb')).toBe('a\\r\\nb');
    expect(bytesText({ hex: 'c328' })).toBe('\\xc3(');
  });
});
