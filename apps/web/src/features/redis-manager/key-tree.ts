/** The separator the tree view groups key names by, as RedisInsight and most applications use it. */
export const KEY_SEPARATOR = ':';

/** A folder of the tree: the keys under one prefix ('guild:1:'). */
export interface KeyFolder<K> {
  kind: 'folder';
  /** The part of the name this folder stands for ('1'). */
  name: string;
  /** The whole prefix, separator included ('guild:1:'): the folder's identity, and a pattern with '*' after it. */
  prefix: string;
  /** How many loaded keys lie beneath, at any depth. */
  keyCount: number;
  children: KeyTreeNode<K>[];
}

/** A key in the tree, with the last part of its name. */
export interface KeyLeaf<K> {
  kind: 'key';
  name: string;
  entry: K;
}

/** A node of the tree view. */
export type KeyTreeNode<K> = KeyFolder<K> | KeyLeaf<K>;

/**
 * Groups keys by ':' into folders, folders first and each level sorted by name. A key whose name is also a
 * prefix of others ('user' beside 'user:1') stays a key beside the 'user' folder; empty parts ('a::b') are kept.
 */
export function buildKeyTree<K>(entries: readonly K[], nameOf: (entry: K) => string): KeyTreeNode<K>[] {
  const root: KeyFolder<K> = { kind: 'folder', name: '', prefix: '', keyCount: 0, children: [] };
  const folders = new Map<string, KeyFolder<K>>([['', root]]);
  for (const entry of entries) {
    const parts = nameOf(entry).split(KEY_SEPARATOR);
    let parent = root;
    parent.keyCount += 1;
    for (const part of parts.slice(0, -1)) {
      const prefix = `${parent.prefix}${part}${KEY_SEPARATOR}`;
      let folder = folders.get(prefix);
      if (!folder) {
        folder = { kind: 'folder', name: part, prefix, keyCount: 0, children: [] };
        folders.set(prefix, folder);
        parent.children.push(folder);
      }
      folder.keyCount += 1;
      parent = folder;
    }
    parent.children.push({ kind: 'key', name: parts.at(-1) ?? '', entry });
  }
  for (const folder of folders.values()) folder.children.sort(compareNodes);
  return root.children;
}

function compareNodes<K>(a: KeyTreeNode<K>, b: KeyTreeNode<K>): number {
  if (a.kind !== b.kind) return a.kind === 'folder' ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** One line of the tree as it is drawn: a folder or a key, at its depth. */
export type KeyTreeRow<K> = (KeyFolder<K> | KeyLeaf<K>) & { depth: number };

/**
 * The lines of the tree an operator sees: every node whose folders above are all open, in order. The list is
 * flat so only the lines in view need to be drawn, however many keys the folders hold.
 */
export function visibleTreeRows<K>(
  nodes: readonly KeyTreeNode<K>[],
  isOpen: (folder: KeyFolder<K>, depth: number) => boolean,
  depth = 0,
  rows: KeyTreeRow<K>[] = [],
): KeyTreeRow<K>[] {
  for (const node of nodes) {
    rows.push({ ...node, depth });
    if (node.kind === 'folder' && isOpen(node, depth)) visibleTreeRows(node.children, isOpen, depth + 1, rows);
  }
  return rows;
}
