/** Every permission the two specification documents name, with what it lets an admin do. */
export const PERMISSIONS = {
  'admin.full_access': 'Everything in the admin console',
  'admin.system_monitoring': 'Watch the dashboard, system metrics and logs',
  'admin.system_config': 'Change system and guild configuration, monitoring',
  'admin.manage_roles': 'Manage Discord roles and permissions',
  'admin.manage_users': 'Manage admin users',
  'admin.audit_logs': 'Read audit information',
  'guild.manage_members': 'Manage guild tenants and their members',
  'settings.view': 'View settings',
  'settings.edit_permissions': 'Edit permissions',
  'players.view': 'View player accounts',
  'players.manage_accounts': 'Open player account management',
  'players.create': 'Create player accounts',
  'players.edit': 'Edit player accounts',
  'players.link_accounts': 'Link Discord and Battle.net accounts',
  'players.bulk_edit': 'Change many player accounts at once',
} as const;

/** A permission of the catalog. */
export type Permission = keyof typeof PERMISSIONS;

/** All permission names, for validation. */
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as [Permission, ...Permission[]];

/** Admin roles and the permissions each grants; an admin may hold extra permissions on top. */
export const ROLES = {
  superadmin: { label: 'Super Admin', permissions: [] as Permission[] },
  admin: { label: 'Administrator', permissions: ['admin.full_access'] as Permission[] },
  operator: {
    label: 'Operator',
    permissions: ['admin.system_monitoring', 'admin.system_config', 'guild.manage_members', 'settings.view'] as Permission[],
  },
  support: {
    label: 'Support',
    permissions: [
      'players.view',
      'players.manage_accounts',
      'players.edit',
      'players.link_accounts',
      'guild.manage_members',
      'settings.view',
    ] as Permission[],
  },
  viewer: { label: 'Viewer', permissions: ['admin.system_monitoring'] as Permission[] },
} as const;

/** An admin role name. */
export type Role = keyof typeof ROLES;

/** All role names, for validation. */
export const ROLE_NAMES = Object.keys(ROLES) as [Role, ...Role[]];

/** What the permission rule needs to know about an admin. */
export interface PermissionHolder {
  role: string;
  permissions: readonly string[];
}

/**
 * The one admin check (spec 2 §6): passes when nothing is required, the role is superadmin,
 * the admin holds admin.full_access, or holds the exact permission.
 */
export function hasAdminPermission(admin: PermissionHolder, required?: Permission | null): boolean {
  if (!required) return true;
  if (admin.role === 'superadmin') return true;
  return admin.permissions.includes('admin.full_access') || admin.permissions.includes(required);
}

/** True when the admin passes the check for at least one of the permissions (an empty list always passes). */
export function hasAnyAdminPermission(admin: PermissionHolder, anyOf: readonly Permission[]): boolean {
  return anyOf.length === 0 || anyOf.some((permission) => hasAdminPermission(admin, permission));
}

/**
 * What an admin may hand out (to an admin account or a role): a superadmin anything; anyone else only what they
 * pass the check for themselves, so admin.manage_users cannot mint a stronger account than its holder's. Returns
 * the permissions of `wanted` that `granter` may not give.
 */
export function permissionsBeyond(granter: PermissionHolder, wanted: readonly string[]): string[] {
  return wanted.filter((permission) => !(permission in PERMISSIONS) || !hasAdminPermission(granter, permission as Permission));
}

/** Only a superadmin may make, change or give the superadmin role: it passes every check, admin.full_access cannot. */
export const maySetSuperadmin = (granter: PermissionHolder) => granter.role === 'superadmin';

/**
 * The subset rule: `actor` may act on `target` (an admin, with the permissions of its role and its extra ones; or
 * a role, with its own) only when the actor passes the check for every permission the target holds. A superadmin
 * target is for superadmins alone, and admin.full_access only for those who hold everything. Otherwise
 * admin.manage_users could reset a stronger admin's password and sign in as them, and admin.manage_roles empty a
 * role it cannot hold. Used for every action on an admin or a role, before and after the change.
 */
export function canActOnAdmin(actor: PermissionHolder, target: PermissionHolder): boolean {
  if (target.role === 'superadmin') return maySetSuperadmin(actor);
  const held = target.permissions.filter((permission) => permission in PERMISSIONS);
  return permissionsBeyond(actor, held).length === 0;
}

/** The permissions an admin holds: those of the role plus the ones granted to the admin directly. */
export function effectivePermissions(role: string, granted: readonly string[]): Permission[] {
  const fromRole = role in ROLES ? ROLES[role as Role].permissions : [];
  return [...new Set([...fromRole, ...granted])].filter((p): p is Permission => p in PERMISSIONS);
}

/** The label a role shows in the header; unknown or missing roles read "Administrator" (spec 2 §3). */
export function roleLabel(role: string | null | undefined): string {
  return role && role in ROLES ? ROLES[role as Role].label : 'Administrator';
}
