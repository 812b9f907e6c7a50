import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('CSV cells (RFC 4180)', () => {
  it('leaves plain text, numbers and booleans as they are', () => {
    expect(csvRow(['Crimson Covenant', 42, true, null, undefined])).toBe('Crimson Covenant,42,true,,\r\n');
  });

  it('quotes commas, quotes, CR and LF, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it('neutralises text that would start a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe('"\'\rcmd"');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes dates as ISO 8601 and leaves numbers alone', () => {
    expect(csvCell(new Date(Date.UTC(2025, 0, 2, 3, 4, 5)))).toBe('2025-01-02T03:04:05.000Z');
    expect(csvCell(-3)).toBe('-3');
  });
});
