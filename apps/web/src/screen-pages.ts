import { ADMIN_ROUTE_ALIASES, ADMIN_SCREENS, type AdminScreen, findAdminScreen } from '@guildhall/contract';
import { type ComponentType, lazy } from 'react';
import { ADMIN_HOME } from './auth/login-path';

/** A screen's page; it is given its catalog entry. */
export type ScreenPage = ComponentType<{ screen: AdminScreen }>;

// Admin screens load with their route: each page is its own chunk.
const DashboardPage = lazy(() => import('./features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const GuildsPage = lazy(() => import('./features/guilds/guilds-page').then((m) => ({ default: m.GuildsPage })));
const CharacterDiscoveryPage = lazy(() =>
  import('./features/character-discovery/character-discovery-page').then((m) => ({ default: m.CharacterDiscoveryPage })),
);
const DatabaseManagerPage = lazy(() =>
  import('./features/database-manager/database-manager-page').then((m) => ({ default: m.DatabaseManagerPage })),
);
const InfluxManagerPage = lazy(() =>
  import('./features/influx-manager/influx-manager-page').then((m) => ({ default: m.InfluxManagerPage })),
);
const InfluxDebugPage = lazy(() =>
  import('./features/influx-manager/debug/influx-debug-page').then((m) => ({ default: m.InfluxDebugPage })),
);
const RedisManagerPage = lazy(() =>
  import('./features/redis-manager/redis-manager-page').then((m) => ({ default: m.RedisManagerPage })),
);
const PlayerAccountsPage = lazy(() =>
  import('./features/player-accounts/player-accounts-page').then((m) => ({ default: m.PlayerAccountsPage })),
);
const DiscordAccountsPage = lazy(() =>
  import('./features/discord-accounts/discord-accounts-page').then((m) => ({ default: m.DiscordAccountsPage })),
);
const AdminUsersPage = lazy(() => import('./features/admin-users/admin-users-page').then((m) => ({ default: m.AdminUsersPage })));
const AuditLogPage = lazy(() => import('./features/audit-log/audit-log-page').then((m) => ({ default: m.AuditLogPage })));
const PermissionsPage = lazy(() =>
  import('./features/permissions/permissions-page').then((m) => ({ default: m.PermissionsPage })),
);
const SystemMonitoringPage = lazy(() =>
  import('./features/monitoring/system-page').then((m) => ({ default: m.SystemMonitoringPage })),
);
const PerformancePage = lazy(() =>
  import('./features/monitoring/performance-page').then((m) => ({ default: m.PerformancePage })),
);
const LiveLogsPage = lazy(() => import('./features/live-logs/live-logs-page').then((m) => ({ default: m.LiveLogsPage })));
const ConfigurationPage = lazy(() =>
  import('./features/configuration/configuration-page').then((m) => ({ default: m.ConfigurationPage })),
);
const SystemSettingsPage = lazy(() =>
  import('./features/system-settings/system-settings-page').then((m) => ({ default: m.SystemSettingsPage })),
);
const TrainingDataPage = lazy(() =>
  import('./features/training-data/training-data-page').then((m) => ({ default: m.TrainingDataPage })),
);
const AgentLogsPage = lazy(() => import('./features/agent-logs/agent-logs-page').then((m) => ({ default: m.AgentLogsPage })));
const AnalyticsPage = lazy(() => import('./features/analytics/analytics-page').then((m) => ({ default: m.AnalyticsPage })));
const RawDataPage = lazy(() => import('./features/raw-data/raw-data-page').then((m) => ({ default: m.RawDataPage })));
const AlertsPage = lazy(() => import('./features/monitoring/alerts-page').then((m) => ({ default: m.AlertsPage })));
const AlertPage = lazy(() => import('./features/monitoring/alert-page').then((m) => ({ default: m.AlertPage })));
const MailOutboxPage = lazy(() => import('./features/mail-outbox/mail-outbox-page').then((m) => ({ default: m.MailOutboxPage })));

/**
 * The pages built so far, by screen path. The console shows only these: a screen of the catalog without a page
 * has no sidebar item, quick action or route until its page lands here.
 */
export const SCREEN_PAGES: Readonly<Partial<Record<string, ScreenPage>>> = {
  [ADMIN_HOME]: DashboardPage,
  '/admin/guilds': GuildsPage,
  '/admin/character-discovery': CharacterDiscoveryPage,
  '/admin/monitoring/system': SystemMonitoringPage,
  '/admin/monitoring/performance': PerformancePage,
  '/admin/monitoring/alerts': AlertsPage,
  '/admin/monitoring/logs': LiveLogsPage,
  '/admin/mail-outbox': MailOutboxPage,
  '/admin/database/postgresql': DatabaseManagerPage,
  '/admin/database/influxdb': InfluxManagerPage,
  '/admin/database/redis': RedisManagerPage,
  '/admin/accounts/discord': DiscordAccountsPage,
  '/admin/accounts/players': PlayerAccountsPage,
  '/admin/users': AdminUsersPage,
  '/admin/audit-log': AuditLogPage,
  '/admin/permissions': PermissionsPage,
  '/admin/configuration': ConfigurationPage,
  '/admin/settings': SystemSettingsPage,
  '/admin/training-data': TrainingDataPage,
  '/admin/ai-turns': AgentLogsPage,
  '/admin/analytics': AnalyticsPage,
  '/admin/data': RawDataPage,
};

/** A page below a working screen: opened with that screen's permissions, named in the breadcrumbs. */
export interface ScreenSubPage {
  path: string;
  screenPath: string;
  label: string;
  Page: ScreenPage;
}

/** The pages below the screens; each is given its screen's catalog entry. */
export const SCREEN_SUB_PAGES: readonly ScreenSubPage[] = [
  {
    path: '/admin/database/influxdb/debug',
    screenPath: '/admin/database/influxdb',
    label: 'Debug Interface',
    Page: InfluxDebugPage,
  },
  { path: '/admin/monitoring/alerts/:id', screenPath: '/admin/monitoring/alerts', label: 'Alert', Page: AlertPage },
];

const isBuilt = (screen: AdminScreen) => SCREEN_PAGES[screen.path] !== undefined;

/** The admin screens that work, in sidebar order. */
export const BUILT_ADMIN_SCREENS: readonly AdminScreen[] = ADMIN_SCREENS.filter(isBuilt);

/** The second layout's routes and group links whose screen works, each with the route it redirects to. */
export const BUILT_ROUTE_ALIASES: readonly [string, string][] = Object.entries(ADMIN_ROUTE_ALIASES).filter(
  ([, target]) => SCREEN_PAGES[target] !== undefined,
);

/** The working screen a path (or one of its aliases) opens, if any. */
export function findBuiltScreen(path: string): AdminScreen | undefined {
  const screen = findAdminScreen(path);
  return screen && isBuilt(screen) ? screen : undefined;
}

/** Breadcrumb names of the working screens' own paths ('/admin/guilds' → 'Guild Management'); the root stays 'Admin'. */
export const SCREEN_CRUMB_NAMES: ReadonlyMap<string, string> = new Map([
  ...BUILT_ADMIN_SCREENS.filter((screen) => screen.path !== ADMIN_HOME).map((screen): [string, string] => [
    screen.path,
    screen.label,
  ]),
  ...SCREEN_SUB_PAGES.map((page): [string, string] => [page.path, page.label]),
]);
