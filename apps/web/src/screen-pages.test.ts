import { ADMIN_SCREENS } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import {
  BUILT_ADMIN_SCREENS,
  BUILT_ROUTE_ALIASES,
  findBuiltScreen,
  SCREEN_CRUMB_NAMES,
  SCREEN_PAGES,
  SCREEN_SUB_PAGES,
} from './screen-pages';

describe('the working screens', () => {
  it('are the catalog screens with a page, in sidebar order', () => {
    expect(BUILT_ADMIN_SCREENS.map((screen) => screen.label)).toEqual([
      'Dashboard',
      'Training Data',
      'Guild Management',
      'Character Discovery',
      'PostgreSQL',
      'InfluxDB',
      'Redis',
      'System',
      'Performance',
      'Alerts',
      'Live Logs',
      'Mail Outbox',
      'Agent Logs',
      'Discord Management',
      'Player Accounts',
      'Admin Users',
      'Audit Log',
      'Permissions',
      'Analytics',
      'Raw Data Views',
      'Configuration',
      'System Settings',
    ]);
    expect(Object.keys(SCREEN_PAGES).every((path) => ADMIN_SCREENS.some((screen) => screen.path === path))).toBe(true);
  });

  it('keep no alias to a screen that has no page', () => {
    for (const [, target] of BUILT_ROUTE_ALIASES) expect(SCREEN_PAGES[target]).toBeDefined();
    expect(findBuiltScreen('/admin/ml-data')?.label).toBe('Training Data');
    expect(findBuiltScreen('/admin/logs')?.label).toBe('Live Logs');
    expect(findBuiltScreen('/admin/monitoring')?.label).toBe('System');
    expect(findBuiltScreen('/admin/guilds')?.label).toBe('Guild Management');
    expect(findBuiltScreen('/admin/discord')?.label).toBe('Discord Management');
    expect(findBuiltScreen('/admin/players')?.label).toBe('Player Accounts');
    expect(findBuiltScreen('/admin/audit-logs')?.label).toBe('Audit Log');
  });

  it('name their crumbs as the sidebar does, leaving the root as Admin', () => {
    expect(SCREEN_CRUMB_NAMES.get('/admin/guilds')).toBe('Guild Management');
    expect(SCREEN_CRUMB_NAMES.has('/admin')).toBe(false);
    expect(SCREEN_CRUMB_NAMES.get('/admin/database/influxdb/debug')).toBe('Debug Interface');
  });

  it('hang their sub pages below a working screen', () => {
    for (const page of SCREEN_SUB_PAGES) {
      expect(page.path.startsWith(`${page.screenPath}/`)).toBe(true);
      expect(SCREEN_PAGES[page.screenPath]).toBeDefined();
    }
  });
});
