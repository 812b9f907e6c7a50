import { RAID_MESSAGES, type RaidDetail, type RaidSummary } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { presentHistory, presentRaid, presentSignup } from './presenters';
import type { RaidMember } from './raid-member';
import { selectRaids } from './raid-queries';
import type { RaidsDeps } from './raids-deps';
import { selectRaidHistory, selectSignups } from './signup-queries';

/** Raids of the member's guild as the calendar shows them to the member, in start order. */
export async function raidSummaries(db: Queryable, member: RaidMember, raidIds: readonly string[]): Promise<RaidSummary[]> {
  const rows = await selectRaids(db, member.guildId, member.userId, raidIds);
  return rows.map(presentRaid);
}

/** One raid of the member's guild as the calendar shows it; another guild's raid is not found. */
export async function raidSummary(db: Queryable, member: RaidMember, raidId: string): Promise<RaidSummary> {
  const [raid] = await raidSummaries(db, member, [raidId]);
  if (!raid) throw AppError.notFound(RAID_MESSAGES.notFound);
  return raid;
}

/** One raid with every answer and the history of its officer changes, and the guild's time zone. */
export async function readRaid(
  deps: RaidsDeps,
  member: RaidMember,
  raidId: string,
): Promise<{ timeZone: string; raid: RaidDetail }> {
  const summary = await raidSummary(deps.db, member, raidId);
  const [signups, history, settings] = [
    await selectSignups(deps.db, raidId),
    await selectRaidHistory(deps.db, raidId),
    await deps.raidSettingsOf(deps.db, member.guildId),
  ];
  return {
    timeZone: settings.timeZone,
    raid: { ...summary, signups: signups.map(presentSignup), history: history.map(presentHistory) },
  };
}
