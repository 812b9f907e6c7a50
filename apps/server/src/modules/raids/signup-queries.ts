import type { Queryable } from '../../services/db/db';
import { memberCharactersSql, memberOfUserSql } from './member-characters-queries';

// Members' answers to raids, the characters they may answer with, and the history of a raid's officer changes.

/** One answer with who gave it and the character named. */
export interface SignupRow {
  user_id: string;
  member_name: string;
  status: string;
  late_minutes: number | null;
  character_id: string | null;
  character_name: string | null;
  character_class: string | null;
  role: string | null;
  spec: string | null;
  comment: string;
  updated_at: Date;
  /** Answered by the member's standing availability (availability.ts), not by them. */
  by_availability: boolean;
}

/** The answers of a raid, in the order they came (the index of UNIQUE (raid_event_id, user_id)). */
export async function selectSignups(db: Queryable, raidId: string): Promise<SignupRow[]> {
  const { rows } = await db.query<SignupRow>(
    `SELECT s.user_id, COALESCE(u.global_name, u.username) AS member_name, s.status, s.late_minutes, s.character_id,
            c.name AS character_name, c.class AS character_class, s.role, s.spec, s.comment, s.updated_at,
            s.by_availability
       FROM raid_signups s JOIN users u ON u.id = s.user_id LEFT JOIN characters c ON c.id = s.character_id
      WHERE s.raid_event_id = $1
      ORDER BY s.created_at, s.id`,
    [raidId],
  );
  return rows;
}

/** Removes a member's answer; false when there was none. */
export async function deleteSignup(db: Queryable, raidId: string, userId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM raid_signups WHERE raid_event_id = $1 AND user_id = $2', [raidId, userId]);
  return rowCount > 0;
}

/** A character of the user's in the guild: linked (by hand, by the matcher or claimed) to their current member row. */
export interface OwnCharacterRow {
  id: string;
  name: string;
  realm: string;
  class: string;
  spec: string | null;
  role: string | null;
  is_primary: boolean;
}

/** The user's characters in the guild as the attendance paths resolve them (memberCharactersSql). */
const OWN_CHARACTERS = `
  SELECT c.id, c.name, c.realm, c.class, c.spec, c.role, mc.is_primary
    FROM (${memberCharactersSql('$1')}) mc
    JOIN characters c ON c.id = mc.character_id
   WHERE mc.member_id = (${memberOfUserSql('$1', '$2')})`;

/** The user's characters in the guild, their main first. */
export async function selectOwnCharacters(db: Queryable, guildId: string, userId: string): Promise<OwnCharacterRow[]> {
  const { rows } = await db.query<OwnCharacterRow>(`${OWN_CHARACTERS} ORDER BY mc.is_primary DESC, lower(c.name), c.id`, [
    guildId,
    userId,
  ]);
  return rows;
}

/** One of the user's characters in the guild, or null when the character is not theirs. */
export async function findOwnCharacter(
  db: Queryable,
  guildId: string,
  userId: string,
  characterId: string,
): Promise<OwnCharacterRow | null> {
  const { rows } = await db.query<OwnCharacterRow>(`${OWN_CHARACTERS} AND c.id = $3`, [guildId, userId, characterId]);
  return rows[0] ?? null;
}

/** One officer change of a raid as the audit log holds it. */
export interface RaidHistoryRow {
  action: string;
  actor_name: string | null;
  created_at: Date;
  details: { changes?: string[]; reason?: string; scope?: string };
}

/** A raid's officer changes, oldest first (audit_log_target_idx: target_type, target_id, created_at). */
export async function selectRaidHistory(db: Queryable, raidId: string): Promise<RaidHistoryRow[]> {
  const { rows } = await db.query<RaidHistoryRow>(
    `SELECT action, actor_name, created_at, details FROM audit_log
      WHERE target_type = 'raid' AND target_id = $1 ORDER BY created_at, id`,
    [raidId],
  );
  return rows;
}
