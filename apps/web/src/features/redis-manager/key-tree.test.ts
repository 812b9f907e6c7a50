import { describe, expect, it } from 'vitest';
import { buildKeyTree, type KeyTreeNode, visibleTreeRows } from './key-tree';

const outline = (nodes: KeyTreeNode<string>[]): unknown[] =>
  nodes.map((node) => (node.kind === 'folder' ? { [`${node.prefix} (${node.keyCount})`]: outline(node.children) } : node.name));

describe('the key tree', () => {
  it('groups keys by colon, folders first, each level by name', () => {
    const tree = buildKeyTree(['user:2', 'guild:1:roster', 'user:1', 'plain', 'guild:1:name', 'guild:2'], (key) => key);
    expect(outline(tree)).toEqual([
      { 'guild: (3)': [{ 'guild:1: (2)': ['name', 'roster'] }, '2'] },
      { 'user: (2)': ['1', '2'] },
      'plain',
    ]);
  });

  it('keeps a key that is also a prefix, and empty parts', () => {
    const tree = buildKeyTree(['user', 'user:1', 'a::b'], (key) => key);
    expect(outline(tree)).toEqual([{ 'a: (1)': [{ 'a:: (1)': ['b'] }] }, { 'user: (1)': ['1'] }, 'user']);
  });
});

describe('the lines of the key tree', () => {
  it('shows the nodes under open folders only, each at its depth', () => {
    const tree = buildKeyTree(['guild:1:roster', 'guild:2', 'user:1', 'plain'], (key) => key);
    const lines = (open: string[]) =>
      visibleTreeRows(tree, (folder) => open.includes(folder.prefix)).map((row) => `${'  '.repeat(row.depth)}${row.name}`);
    expect(lines([])).toEqual(['guild', 'user', 'plain']);
    expect(lines(['guild:'])).toEqual(['guild', '  1', '  2', 'user', 'plain']);
    expect(lines(['guild:', 'guild:1:', 'user:'])).toEqual(['guild', '  1', '    roster', '  2', 'user', '  1', 'plain']);
    // A folder inside a closed one stays hidden, open or not.
    expect(lines(['guild:1:'])).toEqual(['guild', 'user', 'plain']);
  });
});
