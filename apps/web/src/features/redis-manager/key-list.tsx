import type { RedisKeyEntry } from '@guildhall/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ChevronRight, Folder } from 'lucide-react';
import { type CSSProperties, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useScrollFocus } from '../../ui/use-scroll-focus';
import { useDocumentVisible, useNow } from '../database-manager/live-database';
import { keyName } from './key-display';
import { buildKeyTree, type KeyFolder, visibleTreeRows } from './key-tree';
import { KeyTypeIcon } from './key-type-icon';
import type { ListedKey } from './listed-keys';
import type { KeyRef } from './redis-api';
import { remainingTtl, ttlText } from './ttl';

/** Height of a line before it is measured (a key or a folder: one line of text beside a 1.4rem icon). */
const LINE_ESTIMATE_PX = 34;
/** The 1px gap between lines that the stylesheet draws, so the virtualizer counts it too. */
const LINE_GAP_PX = 1;
/** Lines drawn beyond each edge of the box, so a fast scroll does not show blank space. */
const OVERSCAN = 12;
/** Top folders start open when the top level holds at most this many nodes, so a small database reads at a glance. */
const OPEN_TOP_LEVEL_UP_TO = 8;

interface KeyListProps {
  keys: readonly ListedKey[];
  selected: KeyRef | null;
  onSelect: (entry: RedisKeyEntry) => void;
}

const isSame = (a: KeyRef | null, b: KeyRef) => a !== null && a.key === b.key && a.keyEncoding === b.keyEncoding;
const refId = (ref: KeyRef) => `${ref.keyEncoding}:${ref.key}`;

/** The keys as a flat list: type icon, name (text only), TTL when it has one. Only the lines in view are drawn. */
export function KeyList({ keys, selected, onSelect }: KeyListProps) {
  // The TTLs tick here, so each second redraws the lines in view and nothing else of the page.
  const now = useNow(useDocumentVisible());
  const lineKey = useCallback((index: number) => refId(keys[index]!.entry), [keys]);
  return (
    <VirtualLines
      count={keys.length}
      lineKey={lineKey}
      testId="redis-key-list"
      renderLine={(index) => {
        const listed = keys[index]!;
        return (
          <KeyButton
            listed={listed}
            label={keyName(listed.entry)}
            isSelected={isSame(selected, listed.entry)}
            onSelect={onSelect}
            now={now}
          />
        );
      }}
    />
  );
}

/**
 * The keys grouped by ':' into folders that open and close, with how many keys each holds. The open folders'
 * lines form one flat list, drawn like the flat one: only what is in view.
 */
export function KeyTree({ keys, selected, onSelect }: KeyListProps) {
  const now = useNow(useDocumentVisible());
  const tree = useMemo(() => buildKeyTree(keys, (listed) => keyName(listed.entry)), [keys]);
  // Folders the operator opened or closed, against where they start (top ones open when few).
  const [toggled, setToggled] = useState<ReadonlySet<string>>(() => new Set());
  const isTopOpen = tree.length <= OPEN_TOP_LEVEL_UP_TO;
  const isOpen = useCallback(
    (folder: KeyFolder<ListedKey>, depth: number) => (depth === 0 && isTopOpen) !== toggled.has(folder.prefix),
    [isTopOpen, toggled],
  );
  const rows = useMemo(() => visibleTreeRows(tree, isOpen), [tree, isOpen]);
  const lineKey = useCallback(
    (index: number) => {
      const row = rows[index]!;
      return row.kind === 'folder' ? `folder:${row.prefix}` : refId(row.entry.entry);
    },
    [rows],
  );

  function handleToggle(prefix: string) {
    setToggled((previous) => {
      const next = new Set(previous);
      if (!next.delete(prefix)) next.add(prefix);
      return next;
    });
  }

  return (
    <VirtualLines
      count={rows.length}
      lineKey={lineKey}
      testId="redis-key-tree"
      isTree
      renderLine={(index) => {
        const row = rows[index]!;
        if (row.kind === 'key') {
          return (
            <KeyButton
              listed={row.entry}
              label={row.name}
              isSelected={isSame(selected, row.entry.entry)}
              onSelect={onSelect}
              now={now}
              depth={row.depth}
            />
          );
        }
        const isExpanded = isOpen(row, row.depth);
        return (
          <button
            type="button"
            className="redis-folder"
            aria-expanded={isExpanded}
            onClick={() => handleToggle(row.prefix)}
            style={{ '--depth': row.depth } as CSSProperties}
          >
            <ChevronRight size={14} aria-hidden="true" className="redis-folder__chevron" />
            <Folder size={14} aria-hidden="true" />
            <span className="redis-mono">{row.name}:</span>
            <span className="redis-folder__count">{row.keyCount.toLocaleString('en-US')}</span>
          </button>
        );
      }}
    />
  );
}

interface VirtualLinesProps {
  count: number;
  /**
   * A line's identity, so a line keeps its measured height when lines above it open or close. Stable between
   * renders (useCallback): a new one makes the virtualizer place every line again.
   */
  lineKey: (index: number) => string;
  renderLine: (index: number) => ReactNode;
  testId: string;
  isTree?: boolean;
}

/**
 * A scrolling box of lines of which only those in view (and a margin) are in the DOM, by TanStack Virtual: a
 * million keys scroll as smoothly as fifty. Each item says its place in the whole list (aria-posinset/setsize).
 */
function VirtualLines({ count, lineKey, renderLine, testId, isTree = false }: VirtualLinesProps) {
  const boxRef = useRef<HTMLElement>(null);
  useScrollFocus(boxRef);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => boxRef.current,
    estimateSize: () => LINE_ESTIMATE_PX,
    gap: LINE_GAP_PX,
    overscan: OVERSCAN,
    getItemKey: lineKey,
  });
  const items = virtualizer.getVirtualItems();
  // Room for the lines not drawn, above and below those that are, so the scrollbar tells the whole length.
  const spaceAbove = items[0]?.start ?? 0;
  const spaceBelow = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0));
  return (
    <section ref={boxRef} className="redis-keys-box" aria-label={isTree ? 'Keys by folder' : 'Keys'}>
      <ul
        className={`redis-keys${isTree ? ' redis-tree' : ''}`}
        data-testid={testId}
        style={{ paddingTop: spaceAbove, paddingBottom: spaceBelow }}
      >
        {items.map((item) => (
          <li
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            aria-setsize={count}
            aria-posinset={item.index + 1}
          >
            {renderLine(item.index)}
          </li>
        ))}
      </ul>
    </section>
  );
}

interface KeyButtonProps {
  listed: ListedKey;
  label: string;
  isSelected: boolean;
  onSelect: (entry: RedisKeyEntry) => void;
  now: number;
  /** How deep in the tree; the flat list has none. */
  depth?: number;
}

function KeyButton({ listed, label, isSelected, onSelect, now, depth }: KeyButtonProps) {
  const { entry, readAt } = listed;
  const ttl = remainingTtl(entry.ttl, readAt, now);
  return (
    <button
      type="button"
      className={`redis-key${isSelected ? ' redis-key--selected' : ''}`}
      aria-current={isSelected ? 'true' : undefined}
      onClick={() => onSelect(entry)}
      style={depth === undefined ? undefined : ({ '--depth': depth } as CSSProperties)}
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
