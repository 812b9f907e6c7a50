import type { Db } from '../../services/db/db';
import { findGuildOr404 } from './find-guild';
import { MEMBER_SYNC_KIND, memberSyncJobOf } from './member-sync-job';
import { presentSyncJob } from './presenters';
import { selectDiscoveryCounts } from './queries';
import { selectLatestSyncJob } from './sync-queries';

/** The screen's header: the guild, its three counts, whether it can sync, and its latest sync. */
export async function readDiscoverySummary(db: Db, guildId: string, hasBotToken: boolean) {
  const guild = await findGuildOr404(db, guildId);
  const [counts, latest] = await Promise.all([
    selectDiscoveryCounts(db, guildId),
    selectLatestSyncJob(db, guildId, MEMBER_SYNC_KIND),
  ]);
  return {
    guild: { id: guild.id, name: guild.guild_name, server: guild.server, discordGuildId: guild.discord_guild_id },
    canSync: hasBotToken && guild.discord_guild_id !== null,
    counts: { members: counts.members, unlinkedCharacters: counts.unlinked, linkedCharacters: counts.linked },
    latestSync: latest ? presentSyncJob(memberSyncJobOf(latest)) : null,
  };
}
