import type { DiscoveryGuild } from '@guildhall/contract';
import type { Db } from '../../services/db/db';
import { selectPickerGuilds } from './queries';

/** The guilds the screen's picker offers, and the guild it opens on when none is chosen. */
export async function listDiscoveryGuilds(db: Db, query: { search?: string; limit: number }) {
  const found = await selectPickerGuilds(db, { search: query.search || undefined, limit: query.limit });
  const guilds: DiscoveryGuild[] = found.rows.map((row) => ({
    id: row.id,
    name: row.guild_name,
    server: row.server,
    region: row.region,
    isActive: row.is_active,
    discordGuildId: row.discord_guild_id,
  }));
  return { guilds, total: found.total, defaultGuildId: found.defaultGuildId };
}
