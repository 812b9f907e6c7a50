import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTE_ALIASES, ADMIN_SCREENS, findAdminScreen } from './admin-routes';
import { hasAnyAdminPermission } from './permissions';

describe('admin screens', () => {
  it('has one screen per path', () => {
    const paths = ADMIN_SCREENS.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
  it('sends every alias to an existing screen', () => {
    for (const [alias, target] of Object.entries(ADMIN_ROUTE_ALIASES)) {
      expect(findAdminScreen(alias)?.path, alias).toBe(target);
    }
  });
  it('reaches every admin route the first document names', () => {
    const named = [
      '/admin',
      '/admin/training-data',
      '/admin/guilds',
      '/admin/database/postgresql',
      '/admin/database/influxdb',
      '/admin/database/redis',
      '/admin/monitoring/system',
      '/admin/monitoring/performance',
      '/admin/monitoring/logs',
      '/admin/ai-turns',
      '/admin/accounts/discord',
      '/admin/accounts/players',
      '/admin/permissions',
      '/admin/data',
      '/admin/database',
      '/admin/monitoring',
      '/admin/accounts',
    ];
    for (const path of named) expect(findAdminScreen(path), path).toBeDefined();
  });
  it('reaches every route of the second document', () => {
    for (const path of ['/admin/discord', '/admin/players', '/admin/users', '/admin/settings', '/admin/configuration']) {
      expect(findAdminScreen(path), path).toBeDefined();
    }
    for (const path of ['/admin/database/explorer', '/admin/logs', '/admin/ml-data', '/admin/analytics']) {
      expect(findAdminScreen(path), path).toBeDefined();
    }
  });
  it('shows an admin with only admin.system_monitoring the dashboard, monitoring and analytics, nothing else', () => {
    const monitor = { role: 'viewer', permissions: ['admin.system_monitoring'] };
    const visible = ADMIN_SCREENS.filter((s) => hasAnyAdminPermission(monitor, s.anyOf)).map((s) => s.path);
    expect(visible).toEqual([
      '/admin',
      '/admin/monitoring/system',
      '/admin/monitoring/performance',
      '/admin/monitoring/alerts',
      '/admin/monitoring/logs',
      '/admin/analytics',
    ]);
  });
});
