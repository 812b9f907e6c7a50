import type { Queryable } from '../../services/db/db';

/** A set of permissions for one user in one guild tenant, and who or what gave them. */
export interface GuildGrant {
  tenantId: string;
  userId: string;
  permissions: readonly string[];
  /** "admin:<id>", "user:<id>", "invite:<id>" or "cli". */
  grantedBy: string;
}

/** Stores the grants; permissions the user already holds there stay as they were. */
export async function insertGuildGrants(db: Queryable, grant: GuildGrant): Promise<void> {
  await db.query(
    `INSERT INTO guild_permission_grants (guild_id, user_id, permission, granted_by)
     SELECT $1, $2, unnest($3::text[]), $4 ON CONFLICT DO NOTHING`,
    [grant.tenantId, grant.userId, grant.permissions, grant.grantedBy],
  );
}
