import { describe, expect, it } from 'vitest';
import { csvText } from './csv';

describe('csvText', () => {
  it('quotes CSV cells that need it', () => {
    expect(
      csvText([
        ['provider', 'samples'],
        ['a,b', 3],
        ['say "hi"', null],
      ]),
    ).toBe('provider,samples\r\n"a,b",3\r\n"say ""hi""",\r\n');
  });
});
