import type { Queryable } from '../../services/db/db';

/** The fights of a report the guild already imported. */
export async function selectImportedFights(tx: Queryable, guildId: string, reportCode: string): Promise<Set<number>> {
  const { rows } = await tx.query<{ fight_id: number }>(
    'SELECT fight_id FROM combat_log_fights WHERE guild_id = $1 AND report_code = $2',
    [guildId, reportCode],
  );
  return new Set(rows.map((row) => row.fight_id));
}

/** The raid night a report belongs to: the guild's raid that overlaps it (starting up to 2 h before), else null. */
export async function selectRaidOfReport(tx: Queryable, guildId: string, startsAt: Date, endsAt: Date): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM raid_events
      WHERE guild_id = $1 AND starts_at BETWEEN $2::timestamptz - interval '2 hours' AND $3
      ORDER BY abs(extract(epoch FROM starts_at - $2::timestamptz)) LIMIT 1`,
    [guildId, startsAt, endsAt],
  );
  return rows[0]?.id ?? null;
}

/** A raid night made from a report the calendar did not have. */
export async function insertRaidOfReport(
  tx: Queryable,
  guildId: string,
  raid: { name: string; instance: string; difficulty: string; startsAt: Date; endsAt: Date },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO raid_events (guild_id, name, instance, difficulty, starts_at, ends_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [guildId, raid.name, raid.instance, raid.difficulty, raid.startsAt, raid.endsAt],
  );
  return rows[0]!.id;
}

/** A boss fight of an imported report. */
export interface ImportedFight {
  fight_id: number;
  encounter_id: number;
  boss: string;
  difficulty: string | null;
  is_kill: boolean;
  started_at: Date;
  ended_at: Date;
}

export async function insertFights(
  tx: Queryable,
  guildId: string,
  reportCode: string,
  raidEventId: string,
  fights: readonly ImportedFight[],
): Promise<void> {
  if (fights.length === 0) return;
  await tx.query(
    `INSERT INTO combat_log_fights (guild_id, report_code, fight_id, encounter_id, boss, difficulty, is_kill, started_at,
                                    ended_at, raid_event_id)
     SELECT $1, $2, t.fight_id, t.encounter_id, t.boss, t.difficulty, t.is_kill, t.started_at, t.ended_at, $3
       FROM jsonb_to_recordset($4::jsonb) AS t(fight_id int, encounter_id int, boss text, difficulty text, is_kill boolean,
            started_at timestamptz, ended_at timestamptz)
     ON CONFLICT DO NOTHING`,
    [guildId, reportCode, raidEventId, JSON.stringify(fights)],
  );
}

/**
 * The characters present at the raid, as the report's records: its presence wins over what the sign-ups gave, and an
 * officer's correction stays. The raid's attendance is then due to be taken again, so the members the sign-ups
 * counted in and the report did not see are reconciled (take-attendance in the raids module).
 */
export async function insertAttendance(tx: Queryable, raidEventId: string, characterIds: readonly string[]): Promise<void> {
  if (characterIds.length === 0) return;
  await tx.query(
    `INSERT INTO raid_attendance (raid_event_id, character_id, status, source)
     SELECT $1, unnest($2::uuid[]), 'present', 'report'
     ON CONFLICT (raid_event_id, character_id) DO UPDATE SET status = 'present', source = 'report', recorded_at = now()
       WHERE raid_attendance.source = 'signups'`,
    [raidEventId, characterIds],
  );
  await tx.query('UPDATE raid_events SET attendance_taken_at = NULL WHERE id = $1 AND attendance_taken_at IS NOT NULL', [
    raidEventId,
  ]);
}

export async function insertParses(
  tx: Queryable,
  guildId: string,
  reportCode: string,
  parses: readonly { fight_id: number; character_id: string; spec: string | null; percentile: number }[],
): Promise<void> {
  if (parses.length === 0) return;
  await tx.query(
    `INSERT INTO combat_log_parses (guild_id, report_code, fight_id, character_id, spec, percentile)
     SELECT $1, $2, t.fight_id, t.character_id, t.spec, t.percentile
       FROM jsonb_to_recordset($3::jsonb) AS t(fight_id int, character_id uuid, spec text, percentile numeric)
     ON CONFLICT DO NOTHING`,
    [guildId, reportCode, JSON.stringify(parses)],
  );
}
