import type { AdminRole } from '@guildhall/contract';

/** A permission of the catalog as the roles API lists it. */
export interface CatalogPermission {
  name: string;
  description: string;
}

/** Permissions sharing a prefix, one block of the matrix's rows. */
export interface PermissionGroup {
  prefix: string;
  label: string;
  permissions: CatalogPermission[];
}

/** The matrix's row blocks in this order; a prefix not named here follows, under its own name. */
const GROUP_LABELS: Record<string, string> = {
  admin: 'Admin console',
  guild: 'Guilds',
  settings: 'Settings',
  players: 'Player accounts',
};

const prefixOf = (name: string) => name.split('.')[0] ?? name;

/** The catalog in blocks by prefix (admin., guild., settings., players., then any other), catalog order inside each. */
export function groupPermissions(catalog: readonly CatalogPermission[]): PermissionGroup[] {
  const groups = new Map<string, PermissionGroup>();
  for (const prefix of Object.keys(GROUP_LABELS))
    groups.set(prefix, { prefix, label: GROUP_LABELS[prefix] ?? prefix, permissions: [] });
  for (const permission of catalog) {
    const prefix = prefixOf(permission.name);
    const group = groups.get(prefix) ?? { prefix, label: prefix, permissions: [] };
    group.permissions.push(permission);
    groups.set(prefix, group);
  }
  return [...groups.values()].filter((group) => group.permissions.length > 0);
}

/** Unsaved permission sets by role name; a role absent here shows what it has saved. */
export type RoleDrafts = Readonly<Record<string, readonly string[]>>;

/** The permissions a role's column shows: its draft, else what it holds. */
export const shownPermissions = (role: AdminRole, drafts: RoleDrafts): readonly string[] => drafts[role.name] ?? role.permissions;

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((name) => b.includes(name));

/** True when the role's column differs from what the role holds. */
export const isRoleDirty = (role: AdminRole, drafts: RoleDrafts): boolean => {
  const draft = drafts[role.name];
  return draft !== undefined && !sameSet(draft, role.permissions);
};

/**
 * The drafts after ticking or unticking one cell, in catalog order. A column back to what the role holds has no
 * draft any more, so it no longer reads as changed.
 */
export function toggleCell(
  drafts: RoleDrafts,
  role: AdminRole,
  permission: string,
  catalog: readonly CatalogPermission[],
): RoleDrafts {
  const current = shownPermissions(role, drafts);
  const next = current.includes(permission) ? current.filter((name) => name !== permission) : [...current, permission];
  const ordered = catalog.map((p) => p.name).filter((name) => next.includes(name));
  const { [role.name]: _previous, ...others } = drafts;
  return sameSet(ordered, role.permissions) ? others : { ...others, [role.name]: ordered };
}

/** The drafts without one role's (after it is saved or its changes are cancelled). */
export function withoutDraft(drafts: RoleDrafts, roleName: string): RoleDrafts {
  const { [roleName]: _dropped, ...others } = drafts;
  return others;
}
