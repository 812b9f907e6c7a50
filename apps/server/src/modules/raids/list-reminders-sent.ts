import { RAID_MESSAGES, type RaidReminderSent } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { selectCompositionState } from './composition-queries';
import type { RaidMember } from './raid-member';
import { selectRemindersSent } from './reminder-queries';

/** Who was reminded of a raid of the member's guild, how and when, and who answered since; another guild's is not found. */
export async function listRemindersSent(db: Queryable, member: RaidMember, raidId: string): Promise<RaidReminderSent[]> {
  if (!(await selectCompositionState(db, member.guildId, raidId))) throw AppError.notFound(RAID_MESSAGES.notFound);
  const rows = await selectRemindersSent(db, raidId);
  return rows.map((row) => ({
    userId: row.user_id,
    name: row.name,
    channel: row.channel as RaidReminderSent['channel'],
    reminder: row.reminder,
    sentAt: row.sent_at.toISOString(),
    answeredAt: row.answered_at?.toISOString() ?? null,
  }));
}
