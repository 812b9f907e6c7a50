import type { TabItem } from '../../ui/tabs';

/** The cache manager's tabs (spec 2 §2), in order; the first is the default and leaves ?tab= out. */
export const REDIS_TABS = [
  { id: 'browser', label: 'Key Browser' },
  { id: 'manager', label: 'Key Manager' },
  { id: 'stats', label: 'Statistics' },
  { id: 'config', label: 'Configuration' },
] as const satisfies readonly TabItem<string>[];

/** One of the manager's tabs. */
export type RedisTab = (typeof REDIS_TABS)[number]['id'];

/** The tab a ?tab= value names, else the Key Browser. */
export function parseRedisTab(value: string | null): RedisTab {
  return REDIS_TABS.find((tab) => tab.id === value)?.id ?? 'browser';
}
