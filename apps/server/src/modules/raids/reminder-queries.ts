import type { Queryable } from '../../services/db/db';

// Who is to be reminded of a raid: the guild's members who have not answered it.

/** A member of the guild who has not answered a raid, with how each channel reaches them. */
export interface UnansweredMemberRow {
  discord_user_id: string | null;
  user_id: string | null;
  name: string;
  email: string | null;
  by_email: boolean;
  by_discord: boolean;
}

/**
 * The guild's current members who have not answered the raid: its Discord members (with their community account when
 * they have one) and the accounts granted access without a Discord membership. The e-mail is given only when verified.
 */
export async function selectUnansweredMembers(db: Queryable, guildId: string, raidId: string): Promise<UnansweredMemberRow[]> {
  const { rows } = await db.query<UnansweredMemberRow>(
    `SELECT m.discord_user_id, u.id AS user_id, COALESCE(m.nickname, m.global_name, m.username) AS name,
            CASE WHEN u.email_verified THEN u.email END AS email,
            COALESCE(u.raid_reminders_by_email, true) AS by_email, COALESCE(u.raid_reminders_by_discord, true) AS by_discord
       FROM discord_members m
       LEFT JOIN users u ON u.discord_id = m.discord_user_id
      WHERE m.guild_id = $1 AND m.left_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM raid_signups s WHERE s.raid_event_id = $2 AND s.user_id = u.id)
     UNION ALL
     SELECT u.discord_id, u.id, COALESCE(u.global_name, u.username), CASE WHEN u.email_verified THEN u.email END,
            u.raid_reminders_by_email, u.raid_reminders_by_discord
       FROM users u
      WHERE EXISTS (SELECT 1 FROM guild_permission_grants g WHERE g.guild_id = $1 AND g.user_id = u.id)
        AND NOT EXISTS (SELECT 1 FROM discord_members m WHERE m.guild_id = $1 AND m.discord_user_id = u.discord_id
                         AND m.left_at IS NULL)
        AND NOT EXISTS (SELECT 1 FROM raid_signups s WHERE s.raid_event_id = $2 AND s.user_id = u.id)
      ORDER BY name`,
    [guildId, raidId],
  );
  return rows;
}

/** A raid whose sign-ups close soon, as the reminder scan reads it. */
export interface ReminderCandidateRow {
  id: string;
  guild_id: string;
  closes_at: Date;
}

/** Raids not cancelled whose sign-ups close within the horizon (raid_events_signups_close_idx). */
export async function selectReminderCandidates(db: Queryable, horizon: Date): Promise<ReminderCandidateRow[]> {
  const { rows } = await db.query<ReminderCandidateRow>(
    `SELECT id, guild_id, COALESCE(signup_deadline, starts_at) AS closes_at FROM raid_events
      WHERE cancelled_at IS NULL AND COALESCE(signup_deadline, starts_at) > now()
        AND COALESCE(signup_deadline, starts_at) <= $1
      ORDER BY COALESCE(signup_deadline, starts_at)`,
    [horizon],
  );
  return rows;
}

/** The reminders already run of these raids, as 'raidId reminder' pairs. */
export async function selectReminderRuns(db: Queryable, raidIds: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ raid_event_id: string; reminder: string }>(
    'SELECT raid_event_id, reminder FROM raid_reminder_runs WHERE raid_event_id = ANY($1::uuid[])',
    [raidIds],
  );
  return new Set(rows.map((row) => `${row.raid_event_id} ${row.reminder}`));
}

/** Marks reminders of a raid as run; the ones this call marked (a run another process made first is left out). */
export async function insertReminderRuns(db: Queryable, raidId: string, reminders: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ reminder: string }>(
    `INSERT INTO raid_reminder_runs (raid_event_id, reminder) SELECT $1, unnest($2::text[])
     ON CONFLICT DO NOTHING RETURNING reminder`,
    [raidId, reminders],
  );
  return rows.map((row) => row.reminder);
}

/** Records the members reminded of a raid by a channel; the ones this call recorded (never one twice). */
export async function insertReminders(
  db: Queryable,
  raid: { raidId: string; reminder: string; channel: 'email' | 'discord' },
  userIds: readonly string[],
): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>(
    `INSERT INTO raid_reminders (raid_event_id, user_id, channel, reminder) SELECT $1, unnest($2::uuid[]), $3, $4
     ON CONFLICT DO NOTHING RETURNING user_id`,
    [raid.raidId, userIds, raid.channel, raid.reminder],
  );
  return rows.map((row) => row.user_id);
}

/** A user's reminder choices. */
export async function selectReminderChoices(db: Queryable, userId: string): Promise<{ by_email: boolean; by_discord: boolean }> {
  const { rows } = await db.query<{ by_email: boolean; by_discord: boolean }>(
    'SELECT raid_reminders_by_email AS by_email, raid_reminders_by_discord AS by_discord FROM users WHERE id = $1',
    [userId],
  );
  return rows[0] ?? { by_email: true, by_discord: true };
}

/** Stores a user's reminder choices. */
export async function updateReminderChoices(db: Queryable, userId: string, choices: { byEmail: boolean; byDiscord: boolean }) {
  await db.query('UPDATE users SET raid_reminders_by_email = $2, raid_reminders_by_discord = $3 WHERE id = $1', [
    userId,
    choices.byEmail,
    choices.byDiscord,
  ]);
}

/** A reminder sent for a raid, with its member's answer time when they answered after it. */
export interface ReminderSentRow {
  user_id: string;
  name: string;
  channel: string;
  reminder: string;
  sent_at: Date;
  answered_at: Date | null;
}

/** The reminders sent for a raid, oldest first (raid_reminders' key leads with the raid). */
export async function selectRemindersSent(db: Queryable, raidId: string): Promise<ReminderSentRow[]> {
  const { rows } = await db.query<ReminderSentRow>(
    `SELECT rr.user_id, COALESCE(u.global_name, u.username) AS name, rr.channel, rr.reminder, rr.sent_at,
            CASE WHEN s.updated_at >= rr.sent_at THEN s.updated_at END AS answered_at
       FROM raid_reminders rr
       JOIN users u ON u.id = rr.user_id
       LEFT JOIN raid_signups s ON s.raid_event_id = rr.raid_event_id AND s.user_id = rr.user_id
      WHERE rr.raid_event_id = $1
      ORDER BY rr.sent_at, name, rr.channel`,
    [raidId],
  );
  return rows;
}
