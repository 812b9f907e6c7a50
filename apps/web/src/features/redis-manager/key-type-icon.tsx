import type { RedisKeyType } from '@guildhall/contract';
import { CircleHelp, Hash, Layers, List, ListOrdered, type LucideIcon, Type, Waves } from 'lucide-react';

const ICONS: Record<RedisKeyType, LucideIcon> = {
  string: Type,
  list: List,
  set: Layers,
  hash: Hash,
  zset: ListOrdered,
  stream: Waves,
  unknown: CircleHelp,
};

/** The type names as the list shows them beside the icon. */
export const TYPE_LABELS: Record<RedisKeyType, string> = {
  string: 'String',
  list: 'List',
  set: 'Set',
  hash: 'Hash',
  zset: 'Sorted set',
  stream: 'Stream',
  unknown: 'Other',
};

/** A key type's icon in its colour, with the type's name for screen readers and as a tooltip. */
export function KeyTypeIcon({ type }: { type: RedisKeyType }) {
  const Icon = ICONS[type];
  return (
    <span className={`redis-type redis-type--${type}`} title={TYPE_LABELS[type]}>
      <Icon size={14} aria-hidden="true" />
      <span className="visually-hidden">{TYPE_LABELS[type]}</span>
    </span>
  );
}
