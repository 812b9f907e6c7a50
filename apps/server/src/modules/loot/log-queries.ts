import type { Queryable } from '../../services/db/db';

// The guild's loot log: awards (loot_entries) and the ledger's other entries, newest first, with who recorded them.

/** One line of the log. */
export interface LogRow {
  type: 'award' | 'attendance' | 'decay' | 'correction';
  id: string;
  character_name: string;
  item_name: string | null;
  points: string;
  ep: string;
  gp: string;
  text: string;
  recorded_by_name: string | null;
  at: Date;
}

/**
 * A page of the log: each side is read newest first on its own index (loot_entries_guild_awarded_idx,
 * loot_ledger_guild_created_idx) up to the page's end, then merged. An award's ledger charge shows on its line.
 */
export async function selectLog(db: Queryable, guildId: string, page: { limit: number; offset: number }): Promise<LogRow[]> {
  const { rows } = await db.query<LogRow>(
    `SELECT * FROM (
       (SELECT 'award' AS type, l.id, l.character_name, l.item_name, COALESCE(e.points, 0)::text AS points,
               COALESCE(e.ep, 0)::text AS ep, COALESCE(e.gp, 0)::text AS gp,
               concat_ws(' · ', l.response, NULLIF(l.note, '')) AS text, l.recorded_by ->> 'name' AS recorded_by_name,
               l.awarded_at AS at
          FROM loot_entries l LEFT JOIN loot_ledger_entries e ON e.award_id = l.id AND e.kind = 'award'
         WHERE l.guild_id = $1 ORDER BY l.awarded_at DESC LIMIT $2)
       UNION ALL
       (SELECT e.kind, e.id, c.name, NULL, e.points::text, e.ep::text, e.gp::text, e.reason, e.recorded_by ->> 'name',
               e.created_at
          FROM loot_ledger_entries e JOIN characters c ON c.id = e.character_id
         WHERE e.guild_id = $1 AND e.kind <> 'award' ORDER BY e.created_at DESC, e.id DESC LIMIT $2)
     ) merged
     ORDER BY at DESC, id DESC LIMIT $3 OFFSET $4`,
    [guildId, page.offset + page.limit, page.limit, page.offset],
  );
  return rows;
}

/** How many lines the log has. */
export async function countLog(db: Queryable, guildId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT ((SELECT count(*) FROM loot_entries WHERE guild_id = $1)
           + (SELECT count(*) FROM loot_ledger_entries WHERE guild_id = $1 AND kind <> 'award'))::int AS n`,
    [guildId],
  );
  return rows[0]?.n ?? 0;
}
