import { ADMIN_ROLE_MESSAGES, type AdminRole } from '@guildhall/contract';
import { Lock, Trash2 } from 'lucide-react';
import { Badge } from '../../ui/badge';
import { TableScroll } from '../../ui/table-scroll';
import { type CatalogPermission, groupPermissions, isRoleDirty, type RoleDrafts, shownPermissions } from './role-matrix-model';

interface RoleMatrixProps {
  roles: readonly AdminRole[];
  catalog: readonly CatalogPermission[];
  drafts: RoleDrafts;
  /** The role being saved, whose column waits. */
  savingRole: string | null;
  isFetching: boolean;
  onToggle: (role: AdminRole, permission: string) => void;
  onSave: (role: AdminRole) => void;
  onCancel: (role: AdminRole) => void;
  onDelete: (role: AdminRole) => void;
  /** False for a role holding a permission the signed-in admin lacks: the server refuses to change or delete it. */
  canChange: (role: AdminRole) => boolean;
}

const holdersText = (count: number) => `${count.toLocaleString()} ${count === 1 ? 'holder' : 'holders'}`;

/** A role's column head: its name, holders and tags, and Save/Cancel while it has unsaved changes. */
function RoleHead({
  role,
  isDirty,
  isSaving,
  onSave,
  onCancel,
  onDelete,
  isWithinReach,
}: {
  role: AdminRole;
  isWithinReach: boolean;
  isDirty: boolean;
  isSaving: boolean;
  onSave: () => void;
  onCancel: () => void;
  onDelete: () => void;
}) {
  return (
    <th
      scope="col"
      className={`role-matrix__role${isDirty ? ' role-matrix__role--dirty' : ''}`}
      data-testid={`role-column-${role.name}`}
    >
      <div className="role-matrix__role-head">
        <span className="role-matrix__role-label" title={role.description ?? undefined}>
          {role.label}
        </span>
        <span className="role-matrix__holders">{holdersText(role.holders)}</span>
        <span className="role-matrix__tags">
          {role.isBuiltIn && <Badge tone="neutral">Built-in</Badge>}
          {!role.isEditable && (
            <Badge tone="brand" title={ADMIN_ROLE_MESSAGES.superadminLocked}>
              <Lock size={12} aria-hidden="true" />
              Locked
            </Badge>
          )}
          {role.isEditable && !isWithinReach && (
            <Badge tone="neutral" title={ADMIN_ROLE_MESSAGES.outOfReach}>
              <Lock size={12} aria-hidden="true" />
              Out of reach
            </Badge>
          )}
          {isDirty && <Badge tone="warn">Unsaved</Badge>}
        </span>
        {isDirty && (
          <span className="role-matrix__actions">
            <button type="button" className="button button--primary button--small" onClick={onSave} disabled={isSaving}>
              {isSaving ? 'Saving...' : 'Save'}
              <span className="visually-hidden"> {role.label}</span>
            </button>
            <button type="button" className="button button--secondary button--small" onClick={onCancel} disabled={isSaving}>
              Cancel
              <span className="visually-hidden"> changes to {role.label}</span>
            </button>
          </span>
        )}
        {!isDirty && !role.isBuiltIn && isWithinReach && (
          <button
            type="button"
            className="icon-button role-matrix__delete"
            onClick={onDelete}
            aria-label={`Delete role ${role.label}`}
            title="Delete role"
          >
            <Trash2 size={15} aria-hidden="true" />
          </button>
        )}
      </div>
    </th>
  );
}

/**
 * The role × permission matrix: permissions down the side in blocks by prefix, one column per role. Superadmin's
 * column shows every permission held and cannot be changed; a changed cell and its column are marked until saved.
 */
export function RoleMatrix({
  roles,
  catalog,
  drafts,
  savingRole,
  isFetching,
  onToggle,
  onSave,
  onCancel,
  onDelete,
  canChange,
}: RoleMatrixProps) {
  const groups = groupPermissions(catalog);
  return (
    <TableScroll label="Role permissions" isBusy={isFetching}>
      <table className="table role-matrix" data-testid="role-matrix">
        <thead>
          <tr>
            <th scope="col" className="role-matrix__corner">
              Permission
            </th>
            {roles.map((role) => (
              <RoleHead
                key={role.name}
                role={role}
                isWithinReach={canChange(role)}
                isDirty={isRoleDirty(role, drafts)}
                isSaving={savingRole === role.name}
                onSave={() => onSave(role)}
                onCancel={() => onCancel(role)}
                onDelete={() => onDelete(role)}
              />
            ))}
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group.prefix}>
            <tr className="role-matrix__group">
              <th scope="colgroup" colSpan={roles.length + 1}>
                <span className="role-matrix__group-label">{group.label}</span>
              </th>
            </tr>
            {group.permissions.map((permission) => (
              <tr key={permission.name} data-testid={`permission-row-${permission.name}`}>
                <th scope="row" className="role-matrix__permission">
                  <span className="role-matrix__permission-text">
                    <code>{permission.name}</code>
                    <span className="role-matrix__description">{permission.description}</span>
                  </span>
                </th>
                {roles.map((role) => {
                  const isHeld = !role.isEditable || shownPermissions(role, drafts).includes(permission.name);
                  const isChanged = role.isEditable && isHeld !== role.permissions.includes(permission.name);
                  const lockedBecause = !role.isEditable
                    ? ADMIN_ROLE_MESSAGES.superadminLocked
                    : canChange(role)
                      ? undefined
                      : ADMIN_ROLE_MESSAGES.outOfReach;
                  return (
                    <td key={role.name} className={`role-matrix__cell${isChanged ? ' role-matrix__cell--changed' : ''}`}>
                      <input
                        type="checkbox"
                        checked={isHeld}
                        disabled={lockedBecause !== undefined || savingRole === role.name}
                        onChange={() => onToggle(role, permission.name)}
                        aria-label={`${permission.name} for ${role.label}`}
                        title={lockedBecause}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </TableScroll>
  );
}
