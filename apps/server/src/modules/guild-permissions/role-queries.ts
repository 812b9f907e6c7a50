import { GUILD_PERMISSION_NAMES } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';

/** The catalog order, so a role's permissions read the same way everywhere. */
const byCatalog = (a: string, b: string) =>
  GUILD_PERMISSION_NAMES.indexOf(a as never) - GUILD_PERMISSION_NAMES.indexOf(b as never) || a.localeCompare(b);

/** The permissions each mapped role of a tenant grants, by role id, in catalog order. */
export async function selectRoleMappings(db: Queryable, tenantId: string): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ discord_role_id: string; permission: string }>(
    'SELECT discord_role_id, permission FROM guild_role_permissions WHERE guild_id = $1',
    [tenantId],
  );
  const mappings = new Map<string, string[]>();
  for (const row of rows) mappings.set(row.discord_role_id, [...(mappings.get(row.discord_role_id) ?? []), row.permission]);
  for (const permissions of mappings.values()) permissions.sort(byCatalog);
  return mappings;
}

/**
 * How many current members of the tenant hold each of these roles, as the last member sync saw them: one lookup
 * per role on the roles index of 0013. The @everyone role (its id is the Discord guild's) is held by every member.
 */
export async function countRoleMembers(
  db: Queryable,
  tenantId: string,
  everyoneRoleId: string,
  roleIds: readonly string[],
): Promise<Map<string, number>> {
  if (roleIds.length === 0) return new Map();
  const { rows } = await db.query<{ role_id: string; members: number }>(
    `SELECT r.role_id,
            CASE WHEN r.role_id = $2
              THEN (SELECT count(*) FROM discord_members m WHERE m.guild_id = $1 AND m.left_at IS NULL)
              ELSE (SELECT count(*) FROM discord_members m
                     WHERE m.roles @> ARRAY[r.role_id] AND m.left_at IS NULL AND m.guild_id = $1)
            END::int AS members
       FROM unnest($3::text[]) AS r(role_id)`,
    [tenantId, everyoneRoleId, roleIds],
  );
  return new Map(rows.map((row) => [row.role_id, row.members]));
}

/**
 * Sets the permissions a role grants in a tenant: removes those no longer wanted, adds the new ones (an empty set
 * removes the mapping). Returns the set before the change. A transaction-scoped advisory lock on the role makes two
 * saves of one role at once apply one after the other (a row lock would not cover a role with no rows yet).
 */
export async function replaceRoleMapping(
  db: Queryable,
  mapping: { tenantId: string; roleId: string; permissions: readonly string[]; mappedBy: string },
): Promise<string[]> {
  await db.query("SELECT pg_advisory_xact_lock(hashtextextended('guild_role_permissions:' || $1 || ':' || $2, 0))", [
    mapping.tenantId,
    mapping.roleId,
  ]);
  const { rows } = await db.query<{ permission: string }>(
    'SELECT permission FROM guild_role_permissions WHERE guild_id = $1 AND discord_role_id = $2',
    [mapping.tenantId, mapping.roleId],
  );
  await db.query(
    'DELETE FROM guild_role_permissions WHERE guild_id = $1 AND discord_role_id = $2 AND NOT (permission = ANY($3::text[]))',
    [mapping.tenantId, mapping.roleId, mapping.permissions],
  );
  await db.query(
    `INSERT INTO guild_role_permissions (guild_id, discord_role_id, permission, mapped_by)
     SELECT $1, $2, unnest($3::text[]), $4 ON CONFLICT DO NOTHING`,
    [mapping.tenantId, mapping.roleId, mapping.permissions, mapping.mappedBy],
  );
  return rows.map((row) => row.permission).sort(byCatalog);
}
