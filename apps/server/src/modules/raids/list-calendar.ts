import type { RaidSummary } from '@guildhall/contract';
import { presentRaid } from './presenters';
import type { RaidMember } from './raid-member';
import { selectCalendar } from './raid-queries';
import type { RaidsDeps } from './raids-deps';

/** The guild's raids starting in a range (the contract bounds it), each with the member's answer; and the guild's zone. */
export async function listCalendar(
  deps: RaidsDeps,
  member: RaidMember,
  range: { from: string; to: string },
): Promise<{ timeZone: string; raids: RaidSummary[] }> {
  const rows = await selectCalendar(deps.db, member.guildId, member.userId, {
    from: new Date(range.from),
    to: new Date(range.to),
  });
  const { timeZone } = await deps.raidSettingsOf(deps.db, member.guildId);
  return { timeZone, raids: rows.map(presentRaid) };
}
