import type { GuildOption } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { type GuildOptionRow, selectGuildOptions } from './queries';

const presentGuildOption = (row: GuildOptionRow): GuildOption => ({
  id: row.id,
  name: row.guild_name,
  server: row.server,
  region: row.region,
  isActive: row.is_active,
  discordGuildId: row.discord_guild_id,
});

/** A page of the guild picker's guilds, and the guild a screen opens on when none is chosen. */
export async function listGuildOptions(db: Queryable, query: { search?: string; id?: string; page: number; pageSize: number }) {
  const found = await selectGuildOptions(db, {
    search: query.search || undefined,
    id: query.id,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    data: found.rows.map(presentGuildOption),
    total: found.total,
    page: query.page,
    pageSize: query.pageSize,
    defaultGuildId: found.defaultGuildId,
  };
}
