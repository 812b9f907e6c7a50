import { redisDatabase, redisKeysQuery } from '@guildhall/contract';
import { z } from 'zod';
import type { TabItem } from '../../ui/tabs';
import { tabQuery } from '../../ui/use-url-query';

/** The cache manager's tabs (spec 2 §2), in order; the first is the default and leaves ?tab= out. */
export const REDIS_TABS = [
  { id: 'browser', label: 'Key Browser' },
  { id: 'manager', label: 'Key Manager' },
  { id: 'stats', label: 'Statistics' },
  { id: 'config', label: 'Configuration' },
] as const satisfies readonly TabItem<string>[];

/** One of the manager's tabs. */
export type RedisTab = (typeof REDIS_TABS)[number]['id'];

/**
 * The manager's tab (else the Key Browser) and database (`?db=`, 0-15 as the key calls take it). Without `?db=` the
 * manager opens on the database Guildhall itself uses (REDIS_URL's), not on 0 (issue 29).
 */
export const redisManagerQuery = tabQuery(REDIS_TABS).extend({ db: redisDatabase.optional() });

/** The Key Browser's SCAN pattern (as the keys call takes it, default *) and `?view=tree`. */
export const keyBrowserQuery = z.object({
  pattern: redisKeysQuery.shape.pattern,
  view: z.literal('tree').optional(),
});
