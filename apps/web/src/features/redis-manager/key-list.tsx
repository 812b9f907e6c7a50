import type { RedisKeyEntry } from '@guildhall/contract';
import { Folder } from 'lucide-react';
import { useMemo } from 'react';
import { keyName } from './key-display';
import { buildKeyTree, type KeyTreeNode } from './key-tree';
import { KeyTypeIcon } from './key-type-icon';
import type { KeyRef } from './redis-api';
import { remainingTtl, ttlText } from './ttl';

/** A key of the list with the time its page was read, so its TTL counts down. */
export interface ListedKey {
  entry: RedisKeyEntry;
  readAt: number;
}

interface KeyListProps {
  keys: readonly ListedKey[];
  selected: KeyRef | null;
  onSelect: (entry: RedisKeyEntry) => void;
  now: number;
}

const isSame = (a: KeyRef | null, b: KeyRef) => a !== null && a.key === b.key && a.keyEncoding === b.keyEncoding;

/** The keys as a flat list: type icon, name (text only), TTL when it has one. */
export function KeyList({ keys, selected, onSelect, now }: KeyListProps) {
  return (
    <ul className="redis-keys" data-testid="redis-key-list">
      {keys.map((listed) => (
        <li key={`${listed.entry.keyEncoding}:${listed.entry.key}`}>
          <KeyButton
            listed={listed}
            label={keyName(listed.entry)}
            isSelected={isSame(selected, listed.entry)}
            onSelect={onSelect}
            now={now}
          />
        </li>
      ))}
    </ul>
  );
}

/** The keys grouped by ':' into folders that open and close, with how many keys each holds. */
export function KeyTree({ keys, selected, onSelect, now }: KeyListProps) {
  const tree = useMemo(() => buildKeyTree(keys, (listed) => keyName(listed.entry)), [keys]);
  return (
    <ul className="redis-keys redis-tree" data-testid="redis-key-tree">
      <TreeNodes nodes={tree} selected={selected} onSelect={onSelect} now={now} isTop />
    </ul>
  );
}

interface TreeNodesProps extends Omit<KeyListProps, 'keys'> {
  nodes: readonly KeyTreeNode<ListedKey>[];
  isTop?: boolean;
}

function TreeNodes({ nodes, selected, onSelect, now, isTop = false }: TreeNodesProps) {
  return nodes.map((node) =>
    node.kind === 'folder' ? (
      <li key={`folder:${node.prefix}`}>
        {/* Top folders start open when they are few, so a small database reads at a glance. */}
        <details className="redis-folder" open={isTop && nodes.length <= 8}>
          <summary className="redis-folder__summary">
            <Folder size={14} aria-hidden="true" />
            <span className="redis-mono">{node.name}:</span>
            <span className="redis-folder__count">{node.keyCount.toLocaleString('en-US')}</span>
          </summary>
          <ul className="redis-keys">
            <TreeNodes nodes={node.children} selected={selected} onSelect={onSelect} now={now} />
          </ul>
        </details>
      </li>
    ) : (
      <li key={`${node.entry.entry.keyEncoding}:${node.entry.entry.key}`}>
        <KeyButton
          listed={node.entry}
          label={node.name}
          isSelected={isSame(selected, node.entry.entry)}
          onSelect={onSelect}
          now={now}
        />
      </li>
    ),
  );
}

interface KeyButtonProps {
  listed: ListedKey;
  label: string;
  isSelected: boolean;
  onSelect: (entry: RedisKeyEntry) => void;
  now: number;
}

function KeyButton({ listed, label, isSelected, onSelect, now }: KeyButtonProps) {
  const { entry, readAt } = listed;
  const ttl = remainingTtl(entry.ttl, readAt, now);
  return (
    <button
      type="button"
      className={`redis-key${isSelected ? ' redis-key--selected' : ''}`}
      aria-current={isSelected ? 'true' : undefined}
      onClick={() => onSelect(entry)}
      data-testid="redis-key"
    >
      <KeyTypeIcon type={entry.type} />
      <span className="redis-key__name">{label}</span>
      {entry.ttl > 0 && (
        <span className="redis-key__ttl" data-testid="redis-key-ttl">
          <span className="visually-hidden">TTL </span>
          {ttlText(ttl)}
        </span>
      )}
    </button>
  );
}
