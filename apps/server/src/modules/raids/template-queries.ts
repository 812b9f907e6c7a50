import type { Queryable } from '../../services/db/db';

// A guild's raid templates. A name is unique in its guild, case aside (raid_templates_guild_name_idx).

/** A template as stored. */
export interface TemplateRow {
  id: string;
  name: string;
  instance: string;
  difficulty: string;
  size: number;
  tanks: number;
  healers: number;
  melee: number;
  ranged: number;
  start_time: string;
  duration_minutes: number;
  signup_deadline_minutes: number;
  notes: string;
  updated_at: Date;
}

/** What a template holds, as the operations write it. */
export interface TemplateValues {
  name: string;
  instance: string;
  difficulty: string;
  size: number;
  tanks: number;
  healers: number;
  melee: number;
  ranged: number;
  startTime: string;
  durationMinutes: number;
  signupDeadlineMinutes: number;
  notes: string;
}

const COLUMNS = `id, name, instance, difficulty, size, tanks, healers, melee, ranged, start_time, duration_minutes,
  signup_deadline_minutes, notes, updated_at`;

const valuesOf = (t: TemplateValues) => [
  t.name,
  t.instance,
  t.difficulty,
  t.size,
  t.tanks,
  t.healers,
  t.melee,
  t.ranged,
  t.startTime,
  t.durationMinutes,
  t.signupDeadlineMinutes,
  t.notes,
];

/** The guild's templates by name. */
export async function selectTemplates(db: Queryable, guildId: string): Promise<TemplateRow[]> {
  const { rows } = await db.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM raid_templates WHERE guild_id = $1 ORDER BY lower(name), id`,
    [guildId],
  );
  return rows;
}

/** One template of the guild; another guild's is not found. */
export async function findTemplate(db: Queryable, guildId: string, templateId: string): Promise<TemplateRow | null> {
  const { rows } = await db.query<TemplateRow>(`SELECT ${COLUMNS} FROM raid_templates WHERE id = $1 AND guild_id = $2`, [
    templateId,
    guildId,
  ]);
  return rows[0] ?? null;
}

/** How many templates the guild keeps, with the guild's row locked so two creations cannot both pass the cap. */
export async function countTemplatesLocked(db: Queryable, guildId: string): Promise<number> {
  await db.query('SELECT id FROM guilds WHERE id = $1 FOR NO KEY UPDATE', [guildId]);
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM raid_templates WHERE guild_id = $1', [
    guildId,
  ]);
  return rows[0]?.count ?? 0;
}

/** A new template; a taken name fails with the unique violation (23505). */
export async function insertTemplate(
  db: Queryable,
  guildId: string,
  createdBy: string,
  template: TemplateValues,
): Promise<TemplateRow> {
  const { rows } = await db.query<TemplateRow>(
    `INSERT INTO raid_templates (guild_id, created_by_user_id, name, instance, difficulty, size, tanks, healers, melee, ranged,
                                 start_time, duration_minutes, signup_deadline_minutes, notes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING ${COLUMNS}`,
    [guildId, createdBy, ...valuesOf(template)],
  );
  return rows[0]!;
}

/** Replaces a template of the guild; null when there is no such template. A taken name fails with 23505. */
export async function updateTemplate(
  db: Queryable,
  guildId: string,
  templateId: string,
  template: TemplateValues,
): Promise<TemplateRow | null> {
  const { rows } = await db.query<TemplateRow>(
    `UPDATE raid_templates SET name = $3, instance = $4, difficulty = $5, size = $6, tanks = $7, healers = $8, melee = $9,
            ranged = $10, start_time = $11, duration_minutes = $12, signup_deadline_minutes = $13, notes = $14,
            updated_at = now()
      WHERE id = $1 AND guild_id = $2 RETURNING ${COLUMNS}`,
    [templateId, guildId, ...valuesOf(template)],
  );
  return rows[0] ?? null;
}

/** Deletes a template of the guild; its name, or null when there was none. */
export async function deleteTemplate(db: Queryable, guildId: string, templateId: string): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>('DELETE FROM raid_templates WHERE id = $1 AND guild_id = $2 RETURNING name', [
    templateId,
    guildId,
  ]);
  return rows[0]?.name ?? null;
}
