import type { Queryable } from '../../services/db/db';

// The guild's loot system (guilds.loot_system, spec 1) and the versions of its values.

/** The system in force and the newest version of the values, if any was saved. */
export interface RulesRow {
  loot_system: string;
  version: number | null;
  rules: unknown;
  changed_by_name: string | null;
  changed_at: Date | null;
}

/** The guild's system and its newest values (the primary key's last version). */
export async function selectRules(db: Queryable, guildId: string): Promise<RulesRow | null> {
  const { rows } = await db.query<RulesRow>(
    `SELECT g.loot_system, v.version, v.rules, v.changed_by ->> 'name' AS changed_by_name, v.changed_at
       FROM guilds g
       LEFT JOIN LATERAL (SELECT * FROM loot_rule_versions r WHERE r.guild_id = g.id ORDER BY r.version DESC LIMIT 1) v ON true
      WHERE g.id = $1`,
    [guildId],
  );
  return rows[0] ?? null;
}

/** Stores the next version and makes its system the guild's; the guild row is locked so versions never collide. */
export async function insertRulesVersion(
  tx: Queryable,
  guildId: string,
  values: { system: string; rules: unknown; note: string; changedBy: unknown },
): Promise<number> {
  await tx.query('UPDATE guilds SET loot_system = $2, updated_at = now() WHERE id = $1', [guildId, values.system]);
  const { rows } = await tx.query<{ version: number }>(
    `INSERT INTO loot_rule_versions (guild_id, version, system, rules, note, changed_by)
     SELECT $1, COALESCE(max(version), 0) + 1, $2, $3, $4, $5 FROM loot_rule_versions WHERE guild_id = $1
     RETURNING version`,
    [guildId, values.system, JSON.stringify(values.rules), values.note, JSON.stringify(values.changedBy)],
  );
  return rows[0]!.version;
}

/** A stored version of the loot settings. */
export interface RulesVersionRow {
  version: number;
  system: string;
  rules: unknown;
  note: string;
  changed_by_name: string | null;
  changed_at: Date;
}

/** A page of the guild's settings versions, newest first (the primary key backwards), and how many there are. */
export async function selectRulesVersions(
  db: Queryable,
  guildId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: RulesVersionRow[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    db.query<RulesVersionRow>(
      `SELECT version, system, rules, note, changed_by ->> 'name' AS changed_by_name, changed_at
         FROM loot_rule_versions WHERE guild_id = $1 ORDER BY version DESC LIMIT $2 OFFSET $3`,
      [guildId, page.limit, page.offset],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM loot_rule_versions WHERE guild_id = $1', [guildId]),
  ]);
  return { rows, total: count.rows[0]!.total };
}
