import type { AdminRole } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { groupPermissions, isRoleDirty, shownPermissions, toggleCell, withoutDraft } from './role-matrix-model';

const catalog = [
  { name: 'admin.full_access', description: 'Everything' },
  { name: 'players.view', description: 'View players' },
  { name: 'guild.manage_members', description: 'Members' },
  { name: 'settings.view', description: 'Settings' },
  { name: 'reports.read', description: 'Reports' },
  { name: 'admin.audit_logs', description: 'Audit' },
];

const viewer: AdminRole = {
  name: 'viewer',
  label: 'Viewer',
  description: null,
  permissions: ['admin.audit_logs'],
  isBuiltIn: true,
  isEditable: true,
  holders: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
  abilities: { canEdit: true, canDelete: false },
};

describe('the role matrix', () => {
  it('groups permissions by prefix in the fixed order, unknown prefixes last, catalog order inside', () => {
    const groups = groupPermissions(catalog);
    expect(groups.map((g) => g.label)).toEqual(['Admin console', 'Guilds', 'Settings', 'Player accounts', 'reports']);
    expect(groups[0]?.permissions.map((p) => p.name)).toEqual(['admin.full_access', 'admin.audit_logs']);
  });

  it('ticks and unticks a cell into a draft in catalog order, and forgets the draft once back to the saved set', () => {
    let drafts = toggleCell({}, viewer, 'players.view', catalog);
    expect(drafts).toEqual({ viewer: ['players.view', 'admin.audit_logs'] });
    expect(isRoleDirty(viewer, drafts)).toBe(true);
    drafts = toggleCell(drafts, viewer, 'admin.full_access', catalog);
    expect(shownPermissions(viewer, drafts)).toEqual(['admin.full_access', 'players.view', 'admin.audit_logs']);
    drafts = toggleCell(toggleCell(drafts, viewer, 'admin.full_access', catalog), viewer, 'players.view', catalog);
    expect(drafts).toEqual({});
    expect(isRoleDirty(viewer, drafts)).toBe(false);
  });

  it('drops one role draft and keeps the others', () => {
    expect(withoutDraft({ viewer: [], support: ['players.view'] }, 'viewer')).toEqual({ support: ['players.view'] });
    expect(shownPermissions(viewer, {})).toEqual(['admin.audit_logs']);
  });
});
