import { RAID_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { selectCompositionState } from './composition-queries';
import { selectUnansweredMembers } from './reminder-queries';

/** A member who has not answered a raid: how the bot (Discord user id) and the mail service (e-mail) reach them. */
export interface UnansweredMember {
  /** Their Discord user id; null for an e-mail account without Discord. */
  discordUserId: string | null;
  /** Their community account; null for a Discord member who never signed in. */
  userId: string | null;
  name: string;
  /** Their verified e-mail address, or null. */
  email: string | null;
  /** Whether they want raid reminders by e-mail, and by Discord direct message (each on unless they turned it off). */
  remindByEmail: boolean;
  remindByDiscord: boolean;
}

/**
 * Who has not answered raid X: the guild's current members without an answer to it, by name. What reminders are
 * sent to (e-mail here, Discord direct messages by the bot); another guild's raid is not found.
 */
export async function listUnansweredMembers(db: Queryable, guildId: string, raidId: string): Promise<UnansweredMember[]> {
  if (!(await selectCompositionState(db, guildId, raidId))) throw AppError.notFound(RAID_MESSAGES.notFound);
  const rows = await selectUnansweredMembers(db, guildId, raidId);
  return rows.map((row) => ({
    discordUserId: row.discord_user_id,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    remindByEmail: row.by_email,
    remindByDiscord: row.by_discord,
  }));
}
