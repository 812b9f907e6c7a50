import type { Queryable } from '../../services/db/db';

/** A guild whose source is due for its scheduled refresh. */
export interface DueRefresh {
  guild_id: string;
  source_type: 'battlenet' | 'raiderio' | 'wowaudit' | 'combat_log';
}

/**
 * The guilds due for a refresh of a source they use (one that succeeded once, or for WoWAudit whose key is saved):
 * Battle.net, Raider.IO and WoWAudit when their last run is older than `everyMs`; Warcraft Logs when a raid night
 * started at least 4 hours before now and after its last run. A source with a job of its kind made within `everyMs`
 * is not due, so processes checking side by side queue it once.
 */
export async function selectDueRefreshes(
  db: Queryable,
  kinds: Record<DueRefresh['source_type'], string>,
  everyMs: number,
  now: Date,
  limit: number,
): Promise<DueRefresh[]> {
  const { rows } = await db.query<DueRefresh>(
    `WITH used AS (
       SELECT DISTINCT guild_id, source_type FROM data_source_runs WHERE status = 'succeeded'
        AND source_type IN ('battlenet', 'raiderio', 'wowaudit', 'combat_log')
       UNION SELECT guild_id, source_type FROM guild_source_keys
     ), last AS (
       SELECT u.guild_id, u.source_type,
              (SELECT max(r.finished_at) FROM data_source_runs r
                WHERE r.guild_id = u.guild_id AND r.source_type = u.source_type) AS finished_at
         FROM used u
     )
     SELECT l.guild_id, l.source_type FROM last l JOIN guilds g ON g.id = l.guild_id AND g.is_active
      WHERE CASE WHEN l.source_type = 'combat_log'
                 THEN EXISTS (SELECT 1 FROM raid_events e WHERE e.guild_id = l.guild_id
                                AND e.starts_at > coalesce(l.finished_at, '-infinity') AND e.starts_at <= $2::timestamptz - interval '4 hours')
                 ELSE coalesce(l.finished_at, '-infinity') <= $2::timestamptz - make_interval(secs => $1 / 1000.0) END
        AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.guild_id = l.guild_id
                          AND j.kind = (($3::jsonb) ->> l.source_type)
                          AND j.created_at > $2::timestamptz - make_interval(secs => $1 / 1000.0))
      ORDER BY l.finished_at NULLS FIRST
      LIMIT $4`,
    [everyMs, now, JSON.stringify(kinds), limit],
  );
  return rows;
}
