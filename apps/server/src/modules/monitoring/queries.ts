import { REGIONS } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';

/** Guild tenant counts, in one pass over the table. */
export async function countGuilds(db: Queryable) {
  const { rows } = await db.query<{ region: string; total: number; active: number }>(
    `SELECT region, count(*)::int AS total, count(*) FILTER (WHERE is_active)::int AS active
       FROM guilds GROUP BY region`,
  );
  const regions: Record<string, number> = Object.fromEntries(REGIONS.map((region) => [region, 0]));
  let total = 0;
  let active = 0;
  for (const row of rows) {
    regions[row.region] = row.total;
    total += row.total;
    active += row.active;
  }
  return { total, active, inactive: total - active, regions };
}

/** Community accounts, distinct Discord members still in a guild, and active admins. */
export async function countUsers(db: Queryable) {
  const { rows } = await db.query<{ total: number; discord_members: number; admins: number }>(
    `SELECT (SELECT count(*)::int FROM users) AS total,
            (SELECT count(DISTINCT discord_user_id)::int FROM discord_members WHERE left_at IS NULL) AS discord_members,
            (SELECT count(*)::int FROM admin_users WHERE is_active) AS admins`,
  );
  const row = rows[0]!;
  return { total: row.total, discordMembers: row.discord_members, admins: row.admins };
}

/** The database server's version string (one round trip: the health check's probe). */
export async function selectServerVersion(db: Queryable): Promise<string | undefined> {
  const { rows } = await db.query<{ version: string }>("SELECT current_setting('server_version') AS version");
  return rows[0]?.version;
}
