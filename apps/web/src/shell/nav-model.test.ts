import { abilitiesOf } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { buildNav, type NavEntry } from './nav-model';

function labels(entries: NavEntry[]): string[] {
  return entries.flatMap((entry) =>
    entry.kind === 'screen' ? [entry.screen.label] : [`${entry.group}:`, ...entry.screens.map((screen) => screen.label)],
  );
}

describe('buildNav', () => {
  it('shows a monitoring-only admin the dashboard and the Monitoring group', () => {
    const nav = buildNav(abilitiesOf({ role: 'viewer', permissions: ['admin.system_monitoring'] }).screens);
    expect(labels(nav)).toEqual(['Dashboard', 'Monitoring:', 'System', 'Performance', 'Alerts', 'Live Logs', 'Analytics']);
  });

  it('shows a superadmin every screen with the three groups', () => {
    const nav = buildNav(abilitiesOf({ role: 'superadmin', permissions: [] }).screens);
    expect(nav.filter((entry) => entry.kind === 'group').map((entry) => entry.kind === 'group' && entry.group)).toEqual([
      'Database',
      'Monitoring',
      'Accounts',
    ]);
    expect(labels(nav)).toContain('System Settings');
    expect(labels(nav)).toContain('Configuration');
  });
});
