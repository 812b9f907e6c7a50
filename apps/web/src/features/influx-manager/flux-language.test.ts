import { describe, expect, it } from 'vitest';
import { fluxLanguage } from './flux-language';

/** The highlighted pieces of a query: [text, token type]. */
function tokens(text: string): [string, string][] {
  const found: [string, string][] = [];
  fluxLanguage.parser.parse(text).iterate({
    enter: (node) => {
      if (node.from < node.to && node.name !== 'Document') found.push([text.slice(node.from, node.to), node.name]);
    },
  });
  return found;
}

describe('Flux highlighting', () => {
  it('marks strings, durations, the pipe forward, calls, keys, keywords and comments', () => {
    const found = tokens('import "strings"\nfrom(bucket: "game") |> range(start: -1h) // recent\n  |> limit(n: 10)');
    expect(found).toEqual(
      expect.arrayContaining([
        ['import', 'keyword'],
        ['"strings"', 'string'],
        ['from', 'variableName.function'],
        ['bucket', 'propertyName'],
        ['"game"', 'string'],
        ['|>', 'operator'],
        ['-1h', 'number'],
        ['// recent', 'comment'],
        ['10', 'number'],
      ]),
    );
  });
});
