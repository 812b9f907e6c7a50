import type { GuildTenant } from '@guildhall/contract';

/** What a selection keeps of a guild: enough to name it when its row is on another page. */
export type SelectedGuild = Pick<GuildTenant, 'id' | 'guild_name' | 'server' | 'region'>;

/** The guilds in name order (then server and region), as a list that names them reads best. */
export function byGuildName(guilds: readonly SelectedGuild[]): SelectedGuild[] {
  return [...guilds].sort(
    (a, b) => a.guild_name.localeCompare(b.guild_name) || a.server.localeCompare(b.server) || a.region.localeCompare(b.region),
  );
}
