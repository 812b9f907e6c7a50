import type { Queryable } from '../../services/db/db';
import { insertReminders } from './reminder-queries';

/**
 * Records reminders another channel sent (the bot's Discord direct messages), so officers see them beside the e-mails
 * and no member is reminded twice by that channel for that time: the members this call recorded; send only to them.
 */
export function recordRemindersSent(
  db: Queryable,
  raid: { raidId: string; reminder: string; channel: 'email' | 'discord' },
  userIds: readonly string[],
): Promise<string[]> {
  return insertReminders(db, raid, userIds);
}
