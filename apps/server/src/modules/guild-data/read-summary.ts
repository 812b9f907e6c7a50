import type { GuildDataSummary, GuildTenant } from '@guildhall/contract';
import { GUILD_DATA_KINDS, guildNotFound } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Db } from '../../services/db/db';
import type { RedisConnection } from '../../services/redis';
import { presentGuild } from '../guilds/presenters';
import { selectGuild } from '../guilds/queries';
import { guildCacheSize } from './cache-size';
import { selectFirstCharacters, selectRecentLoot, selectSummaryFigures } from './queries';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The guild, or 404 naming its id: every data view call starts here. */
export async function findGuildOr404(db: Db, guildId: string): Promise<GuildTenant> {
  const row = await selectGuild(db, guildId);
  if (!row) throw AppError.notFound(guildNotFound(guildId));
  return presentGuild(row);
}

/**
 * One guild with its data summary (spec 1 §3). database_records counts every row the guild owns across
 * its data tables (all the kinds a delete removes); discord_users counts current members only.
 */
export async function readGuildSummary(
  services: { db: Db; redis: RedisConnection | null },
  guildId: string,
): Promise<{ guild: GuildTenant; summary: GuildDataSummary }> {
  const guild = await findGuildOr404(services.db, guildId);
  const [figures, characters, recent, cacheSize] = await Promise.all([
    selectSummaryFigures(services.db, guildId),
    selectFirstCharacters(services.db, guildId),
    selectRecentLoot(services.db, guildId),
    guildCacheSize(services.redis, guildId),
  ]);
  const databaseRecords = GUILD_DATA_KINDS.reduce((sum, kind) => sum + figures[kind], 0);
  return {
    guild,
    summary: {
      counts: {
        characters: figures.characters,
        loot_entries: figures.loot_entries,
        raid_events: figures.raid_events,
        discord_users: figures.discord_users,
        loot_ledger_entries: figures.loot_ledger_entries,
        loot_wishlist_items: figures.loot_wishlist_items,
        loot_council_items: figures.loot_council_items,
      },
      storage: { database_records: databaseRecords, file_size: figures.file_size, cache_size: cacheSize },
      activity: {
        last_loot_entry: iso(figures.last_loot_entry),
        last_raid_event: iso(figures.last_raid_event),
        last_character_update: iso(figures.last_character_update),
      },
      characters: characters.map((c) => ({
        id: c.id,
        name: c.name,
        class: c.class,
        level: c.level,
        last_seen: iso(c.last_seen),
      })),
      loot: {
        total_entries: figures.loot_entries,
        unique_items: figures.unique_items,
        recent_drops: figures.recent_drops,
        recent: recent.map((r) => ({
          item_name: r.item_name,
          character_name: r.character_name,
          timestamp: r.awarded_at.toISOString(),
        })),
      },
    },
  };
}
