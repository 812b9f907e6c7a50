import { type BulkUpdateJob, PLAYER_ACCOUNT_PAGE, type PlayerAccount, type PlayerStatistics } from '@guildhall/contract';
import type { BulkUpdateJobRecord } from './bulk-update-job';
import type { LinkedCharacterRow, PlayerAccountRow } from './queries';

/** A character of an account, from a roster link or a Battle.net import. */
type AccountCharacter = Omit<LinkedCharacterRow, 'discord_user_id'>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The account's characters for the card or the detail (the first `shown`) and the summary over all of them (spec 2 §2). */
function characterFields(characters: readonly AccountCharacter[], shown: number) {
  const levels = characters.map((c) => c.level).filter((level): level is number => level !== null);
  return {
    characters: characters.slice(0, shown).map((c) => ({
      id: c.id,
      character_name: c.name,
      class: c.class,
      level: c.level,
      guild: c.guild_name,
      race: c.race,
    })),
    characterSummary: {
      count: characters.length,
      maxLevel: levels.length > 0 ? Math.max(...levels) : null,
      classes: new Set(characters.map((c) => c.class)).size,
      guilds: new Set(characters.flatMap((c) => (c.guild_id ? [c.guild_id] : []))).size,
    },
  };
}

/** An account row as the API returns it; `characters` (the first `shown` of them) only when the caller asked for them. */
export function presentAccount(
  row: PlayerAccountRow,
  characters?: readonly AccountCharacter[],
  shown: number = PLAYER_ACCOUNT_PAGE.cardCharacters,
): PlayerAccount {
  const discord = row.discord_id !== null;
  const battlenet = row.battlenet_id !== null;
  return {
    id: row.id,
    displayName: row.display_name,
    email: row.email,
    discord_id: row.discord_id,
    battlenet_id: row.battlenet_id,
    discord_metadata: discord
      ? {
          username: row.discord_username ?? row.discord_profile?.username ?? null,
          discriminator: row.discord_profile?.discriminator ?? null,
          globalName: row.discord_global_name ?? row.discord_profile?.globalName ?? null,
          avatar: row.discord_avatar ?? row.discord_profile?.avatar ?? null,
          linkedAt: iso(row.discord_linked_at),
        }
      : null,
    battlenet_metadata: battlenet
      ? {
          battletag: row.battletag,
          region: row.battlenet_region as 'us' | 'eu' | 'kr' | 'tw' | null,
          linkedAt: iso(row.battlenet_linked_at),
        }
      : null,
    account_status: row.account_status as PlayerAccount['account_status'],
    notes: row.notes,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    last_login_at: iso(row.last_login_at),
    created_by: row.created_by,
    updated_by: row.updated_by,
    linkState: { discord, battlenet, fully: discord && battlenet },
    ...(characters ? characterFields(characters, shown) : {}),
  };
}

const percent = (part: number, total: number) => (total === 0 ? 0 : Math.round((part / total) * 1000) / 10);

/** Counts as the statistics cards show them, with linking rates in percent. */
export function presentStatistics(counts: {
  total: number;
  discord: number;
  battlenet: number;
  fully: number;
}): PlayerStatistics {
  return {
    total: counts.total,
    discordLinked: counts.discord,
    battlenetLinked: counts.battlenet,
    fullyLinked: counts.fully,
    linkingRate: {
      discord: percent(counts.discord, counts.total),
      battlenet: percent(counts.battlenet, counts.total),
      full: percent(counts.fully, counts.total),
    },
  };
}

/** A bulk update job as the API and the /admin socket send it: a job still queued reads as running. */
export function presentBulkJob(job: BulkUpdateJobRecord): BulkUpdateJob {
  const progress = job.progress ?? { done: 0, updated: 0, failures: [] };
  return {
    id: job.id,
    status: job.status === 'succeeded' ? 'completed' : job.status === 'failed' ? 'failed' : 'running',
    accountStatus: job.input.accountStatus,
    total: job.input.accountIds.length,
    done: progress.done,
    updated: progress.updated,
    failures: progress.failures,
    startedBy: job.input.startedBy,
    startedAt: job.createdAt.toISOString(),
    finishedAt: iso(job.finishedAt),
  };
}
