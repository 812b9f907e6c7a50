import { ADMIN_ABILITY_NAMES, type AdminAbilities, type AdminAbility } from './abilities';
import { ADMIN_SCREENS, findAdminScreen } from './admin-routes';
import { hasAnyAdminPermission, type Permission, type PermissionHolder } from './permissions';

const full: Permission = 'admin.full_access';
const screenAnyOf = (path: string) => findAdminScreen(path)?.anyOf ?? [full];

/**
 * What an admin may do beyond opening a screen, in the console's words, each with the permissions that allow it
 * (any one of them; superadmin and admin.full_access pass every check). The routes guard with these same sets, and
 * the admin session carries the answers (`abilities`), so the console asks `can(...)` instead of re-deriving a rule.
 * The abilities are a convenience for the screens, never the guard: every route checks again.
 */
export const ADMIN_ABILITIES = {
  /** Change an alert rule's threshold, duration, severity or switch (Monitoring, Alert rules). */
  editAlertRules: [full, 'admin.system_config'],
  /** Change the system settings (System Settings). */
  editSystemSettings: [full, 'admin.system_config'],
  /** Change a guild's settings, compare and copy them (Configuration). */
  editGuildSettings: [full, 'admin.system_config'],
  /** Player Accounts: create an account, edit one, link Discord and Battle.net, change many at once. */
  createPlayerAccounts: ['players.create'],
  editPlayerAccounts: ['players.edit'],
  linkPlayerAccounts: ['players.link_accounts'],
  bulkEditPlayerAccounts: ['players.bulk_edit'],
  /** Read the audit trail (an account's history, the Audit Log). */
  readAuditLog: screenAnyOf('/admin/audit-log'),
  /** Hear account security alerts (a locked admin, a new superadmin) and read them in the bell. */
  receiveAccountAlerts: screenAnyOf('/admin/users'),
} as const satisfies Record<AdminAbility, readonly Permission[]>;

/** The abilities of an admin, from its role and effective permissions (the server answers them with the session). */
export function abilitiesOf(admin: PermissionHolder): AdminAbilities {
  const can = Object.fromEntries(
    ADMIN_ABILITY_NAMES.map((ability) => [ability, hasAnyAdminPermission(admin, ADMIN_ABILITIES[ability])]),
  ) as Record<AdminAbility, boolean>;
  const screens = ADMIN_SCREENS.filter((screen) => hasAnyAdminPermission(admin, screen.anyOf)).map((screen) => screen.path);
  return { can, screens };
}
