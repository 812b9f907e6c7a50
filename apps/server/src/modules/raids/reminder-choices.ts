import type { RaidReminderChoices } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import type { RaidMember } from './raid-member';
import { selectReminderChoices, updateReminderChoices } from './reminder-queries';

/** The member's reminder choices (their own, the same in every guild). */
export async function readReminderChoices(db: Queryable, member: RaidMember): Promise<RaidReminderChoices> {
  const row = await selectReminderChoices(db, member.userId);
  return { byEmail: row.by_email, byDiscord: row.by_discord };
}

/** Saves the member's reminder choices: the next reminder honours them. A member's own setting: not audited. */
export async function saveReminderChoices(db: Queryable, member: RaidMember, choices: RaidReminderChoices) {
  await updateReminderChoices(db, member.userId, choices);
  return readReminderChoices(db, member);
}
