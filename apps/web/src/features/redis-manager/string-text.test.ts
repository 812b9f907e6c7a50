import { describe, expect, it } from 'vitest';
import { hexDump, hexLines, joinStringPages, jsonToStore, prettyJson } from './string-text';

describe('a string value', () => {
  it('joins its pages, as hex once one page is not UTF-8', () => {
    expect(joinStringPages([{ value: 'ab' }, { value: 'cd' }])).toBe('abcd');
    expect(joinStringPages([{ value: 'é' }, { value: { hex: 'ff' } }])).toEqual({ hex: 'c3a9ff' });
  });

  it('pretty-prints JSON objects and arrays only', () => {
    expect(prettyJson('{"a":[1,2]}')).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    expect(prettyJson('42')).toBeNull();
    expect(prettyJson('{nope')).toBeNull();
  });

  it('stores edited JSON compact when it was compact', () => {
    expect(jsonToStore('{"a":1}', '{\n  "a": 2\n}')).toBe('{"a":2}');
    expect(jsonToStore('{ "a": 1 }', '{ "a": 2 }')).toBe('{ "a": 2 }');
    expect(jsonToStore('{"a":1}', '{broken')).toBe('{broken');
  });

  it('shows binary as a hex dump and edits it as byte pairs', () => {
    expect(hexDump('00ff41')).toBe(`00000000  00 ff 41${' '.repeat(39)}  |..A|`);
    expect(hexLines('00ff41')).toBe('00 ff 41');
  });
});
