import { describe, expect, it } from 'vitest';
import {
  canActOnAdmin,
  effectivePermissions,
  hasAdminPermission,
  hasAnyAdminPermission,
  maySetSuperadmin,
  PERMISSIONS,
  permissionsBeyond,
  roleLabel,
} from './permissions';

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

describe('permissionsBeyond', () => {
  it('lets a superadmin and an admin.full_access holder hand out any permission', () => {
    const all = Object.keys(PERMISSIONS);
    expect(permissionsBeyond({ role: 'superadmin', permissions: [] }, all)).toEqual([]);
    expect(permissionsBeyond({ role: 'admin', permissions: ['admin.full_access'] }, all)).toEqual([]);
  });

  it('names what a granter does not hold themselves', () => {
    const granter = { role: 'custom', permissions: ['admin.manage_users', 'players.view'] };
    expect(permissionsBeyond(granter, ['players.view', 'admin.full_access', 'admin.audit_logs'])).toEqual([
      'admin.full_access',
      'admin.audit_logs',
    ]);
  });
});

describe('maySetSuperadmin', () => {
  it('is for superadmins only, not for admin.full_access', () => {
    expect(maySetSuperadmin({ role: 'superadmin', permissions: [] })).toBe(true);
    expect(maySetSuperadmin({ role: 'admin', permissions: ['admin.full_access'] })).toBe(false);
  });
});

describe('canActOnAdmin (the subset rule)', () => {
  const manager = { role: 'custom', permissions: ['admin.manage_users', 'players.view'] };

  it('lets an admin act on one whose permissions are all theirs, and on themselves', () => {
    expect(canActOnAdmin(manager, { role: 'viewer', permissions: ['players.view'] })).toBe(true);
    expect(canActOnAdmin(manager, { role: 'viewer', permissions: [] })).toBe(true);
    expect(canActOnAdmin(manager, manager)).toBe(true);
  });

  it('refuses a target holding one permission the actor lacks, or admin.full_access', () => {
    expect(canActOnAdmin(manager, { role: 'viewer', permissions: ['players.view', 'admin.audit_logs'] })).toBe(false);
    expect(canActOnAdmin(manager, { role: 'admin', permissions: ['admin.full_access'] })).toBe(false);
  });

  it('lets admin.full_access act on anyone but a superadmin, and a superadmin on anyone', () => {
    const full = { role: 'admin', permissions: ['admin.full_access'] };
    const everything = { role: 'custom', permissions: Object.keys(PERMISSIONS) };
    expect(canActOnAdmin(full, everything)).toBe(true);
    expect(canActOnAdmin(full, { role: 'superadmin', permissions: [] })).toBe(false);
    expect(canActOnAdmin({ role: 'superadmin', permissions: [] }, { role: 'superadmin', permissions: [] })).toBe(true);
    expect(canActOnAdmin({ role: 'superadmin', permissions: [] }, everything)).toBe(true);
  });

  it('does not let holding every single permission stand in for admin.full_access', () => {
    const allButFull = { role: 'custom', permissions: Object.keys(PERMISSIONS).filter((p) => p !== 'admin.full_access') };
    expect(canActOnAdmin(allButFull, { role: 'admin', permissions: ['admin.full_access'] })).toBe(false);
  });

  it('ignores names that are no longer in the catalog', () => {
    expect(canActOnAdmin(manager, { role: 'viewer', permissions: ['players.view', 'gone.permission'] })).toBe(true);
  });
});
