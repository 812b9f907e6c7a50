import { describe, expect, it } from 'vitest';
import { effectivePermissions, hasAdminPermission, hasAnyAdminPermission, roleLabel } from './permissions';

describe('hasAdminPermission (spec 2 §6)', () => {
  const plain = { role: 'operator', permissions: ['admin.system_monitoring'] };

  it('passes when no permission is required', () => {
    expect(hasAdminPermission({ role: 'viewer', permissions: [] }, undefined)).toBe(true);
    expect(hasAdminPermission({ role: 'viewer', permissions: [] }, null)).toBe(true);
  });
  it('passes for the superadmin role whatever it holds', () => {
    expect(hasAdminPermission({ role: 'superadmin', permissions: [] }, 'admin.manage_users')).toBe(true);
  });
  it('passes for admin.full_access', () => {
    expect(hasAdminPermission({ role: 'x', permissions: ['admin.full_access'] }, 'players.bulk_edit')).toBe(true);
  });
  it('passes for the exact permission and fails otherwise', () => {
    expect(hasAdminPermission(plain, 'admin.system_monitoring')).toBe(true);
    expect(hasAdminPermission(plain, 'admin.system_config')).toBe(false);
  });
  it('any-of passes when one passes, and for an empty list', () => {
    expect(hasAnyAdminPermission(plain, ['admin.full_access', 'admin.system_monitoring'])).toBe(true);
    expect(hasAnyAdminPermission(plain, ['admin.full_access', 'guild.manage_members'])).toBe(false);
    expect(hasAnyAdminPermission(plain, [])).toBe(true);
  });
});

describe('effectivePermissions', () => {
  it('joins the role and direct grants, dropping unknown names and duplicates', () => {
    expect(effectivePermissions('viewer', ['admin.system_monitoring', 'players.view', 'made.up']).sort()).toEqual([
      'admin.system_monitoring',
      'players.view',
    ]);
  });
  it('gives an unknown role only its grants', () => {
    expect(effectivePermissions('ghost', ['settings.view'])).toEqual(['settings.view']);
  });
});

describe('roleLabel', () => {
  it('reads Administrator when the role is missing or unknown', () => {
    expect(roleLabel(undefined)).toBe('Administrator');
    expect(roleLabel('nobody')).toBe('Administrator');
    expect(roleLabel('superadmin')).toBe('Super Admin');
  });
});
