import { BOT_GAME_DATA_MESSAGES, wowClassOf } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { selectTenants } from './queries';

/** The guild tenants of the Discord servers a batch names (discord guild id → tenant id). */
export async function tenantsOf(db: Queryable, items: readonly unknown[]): Promise<Map<string, string>> {
  const ids = new Set<string>();
  for (const item of items) {
    const id = item !== null && typeof item === 'object' ? (item as { discordGuildId?: unknown }).discordGuildId : null;
    if (typeof id === 'string') ids.add(id);
  }
  return ids.size === 0 ? new Map() : selectTenants(db, [...ids]);
}

/** What the schema cannot judge of a game-data item: its class is the game's, its server has a guild. */
export function checkGameItem(
  item: { discordGuildId: string; class: string },
  tenants: ReadonlyMap<string, string>,
): Record<string, string> | null {
  if (!wowClassOf(item.class)) return { class: BOT_GAME_DATA_MESSAGES.unknownClass };
  if (!tenants.has(item.discordGuildId)) return { discordGuildId: BOT_GAME_DATA_MESSAGES.noGuild };
  return null;
}

/** Items by their guild tenant, in batch order. */
export function byTenant<T extends { discordGuildId: string }>(items: readonly T[], tenants: ReadonlyMap<string, string>) {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const tenant = tenants.get(item.discordGuildId)!;
    groups.set(tenant, [...(groups.get(tenant) ?? []), item]);
  }
  return groups;
}
