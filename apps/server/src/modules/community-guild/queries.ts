import type { Queryable } from '../../services/db/db';

/** Current Discord members of a guild tenant, as the last member sync saw them. */
export async function countCurrentMembers(db: Queryable, tenantId: string): Promise<number> {
  const { rows } = await db.query<{ count: string }>(
    'SELECT count(*) AS count FROM discord_members WHERE guild_id = $1 AND left_at IS NULL',
    [tenantId],
  );
  return Number(rows[0]?.count ?? 0);
}
