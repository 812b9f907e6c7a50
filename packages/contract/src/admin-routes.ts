import type { Permission } from './permissions';

/** Sidebar groups that expand and collapse (spec 1 §2). */
export type AdminNavGroup = 'Database' | 'Monitoring' | 'Accounts';

/** One screen of the admin console: where it lives and who may open it. */
export interface AdminScreen {
  path: string;
  label: string;
  /** Shown when the admin passes the check for any of these; empty means everyone. */
  anyOf: readonly Permission[];
  group?: AdminNavGroup;
  /** Match this path exactly when marking the sidebar item active. */
  exact?: boolean;
}

const full: Permission = 'admin.full_access';
const monitoring: Permission[] = [full, 'admin.system_config', 'admin.system_monitoring'];

/**
 * Every admin screen of both documents, in sidebar order. Where the two documents name
 * different permissions for one screen, either grants it.
 */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { path: '/admin', label: 'Dashboard', anyOf: [], exact: true },
  { path: '/admin/training-data', label: 'Training Data', anyOf: [full] },
  { path: '/admin/guilds', label: 'Guild Management', anyOf: [full, 'guild.manage_members'] },
  { path: '/admin/character-discovery', label: 'Character Discovery', anyOf: [full, 'guild.manage_members'] },
  {
    path: '/admin/database/postgresql',
    label: 'PostgreSQL',
    anyOf: [full],
    group: 'Database',
  },
  { path: '/admin/database/influxdb', label: 'InfluxDB', anyOf: [full], group: 'Database' },
  { path: '/admin/database/redis', label: 'Redis', anyOf: [full], group: 'Database' },
  { path: '/admin/monitoring/system', label: 'System', anyOf: monitoring, group: 'Monitoring' },
  {
    path: '/admin/monitoring/performance',
    label: 'Performance',
    anyOf: monitoring,
    group: 'Monitoring',
  },
  // Alerts, where they go (contact points), silences and maintenance windows (issue 34).
  { path: '/admin/monitoring/alerts', label: 'Alerts', anyOf: monitoring, group: 'Monitoring' },
  { path: '/admin/monitoring/logs', label: 'Live Logs', anyOf: monitoring, group: 'Monitoring' },
  {
    path: '/admin/mail-outbox',
    label: 'Mail Outbox',
    anyOf: [full, 'admin.system_config'],
    group: 'Monitoring',
  },
  // The bot's turns carry members' messages: full access only (issue 16).
  { path: '/admin/ai-turns', label: 'Agent Logs', anyOf: [full], group: 'Monitoring' },
  {
    path: '/admin/accounts/discord',
    label: 'Discord Management',
    anyOf: [full, 'admin.manage_roles'],
    group: 'Accounts',
  },
  {
    path: '/admin/accounts/players',
    label: 'Player Accounts',
    anyOf: [full, 'players.manage_accounts', 'players.view'],
    group: 'Accounts',
  },
  {
    path: '/admin/users',
    label: 'Admin Users',
    anyOf: [full, 'admin.manage_users'],
    group: 'Accounts',
  },
  {
    path: '/admin/audit-log',
    label: 'Audit Log',
    anyOf: [full, 'admin.audit_logs'],
    group: 'Accounts',
  },
  {
    path: '/admin/permissions',
    label: 'Permissions',
    anyOf: [full, 'settings.edit_permissions', 'admin.manage_roles'],
  },
  { path: '/admin/analytics', label: 'Analytics', anyOf: monitoring },
  { path: '/admin/data', label: 'Raw Data Views', anyOf: [full] },
  {
    path: '/admin/configuration',
    label: 'Configuration',
    anyOf: [full, 'settings.view', 'admin.system_config'],
  },
  {
    path: '/admin/settings',
    label: 'System Settings',
    anyOf: [full, 'settings.view', 'admin.system_config'],
  },
];

/**
 * Paths of the two documents that name a screen above by another route, and the quick-action
 * links that point at a group; each redirects to one route.
 */
export const ADMIN_ROUTE_ALIASES: Readonly<Record<string, string>> = {
  '/admin/ml-data': '/admin/training-data',
  '/admin/database': '/admin/database/postgresql',
  '/admin/database/explorer': '/admin/database/postgresql',
  '/admin/monitoring': '/admin/monitoring/system',
  '/admin/logs': '/admin/monitoring/logs',
  '/admin/accounts': '/admin/accounts/players',
  '/admin/discord': '/admin/accounts/discord',
  '/admin/players': '/admin/accounts/players',
  '/admin/audit-logs': '/admin/audit-log',
};

/** The screen a path belongs to, following aliases. */
export function findAdminScreen(path: string): AdminScreen | undefined {
  const target = ADMIN_ROUTE_ALIASES[path] ?? path;
  return ADMIN_SCREENS.find((screen) => screen.path === target);
}
