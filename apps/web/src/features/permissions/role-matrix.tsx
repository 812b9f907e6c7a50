import { ADMIN_ROLE_MESSAGES, type AdminRole } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Lock, Trash2 } from 'lucide-react';
import { Badge } from '../../ui/badge';
import { DataTable, type DataTableGroups } from '../../ui/data-table';
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
}: {
  role: AdminRole;
  isDirty: boolean;
  isSaving: boolean;
  onSave: () => void;
  onCancel: () => void;
  onDelete: () => void;
}) {
  return (
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
        {role.isEditable && !role.abilities.canEdit && (
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
      {!isDirty && role.abilities.canDelete && (
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
  );
}

/** A row of the matrix: one permission, with the block it is listed under. */
interface PermissionRow extends CatalogPermission {
  groupPrefix: string;
  groupLabel: string;
}

function permissionColumn(): ColumnDef<PermissionRow> {
  return {
    id: 'permission',
    header: 'Permission',
    meta: { isRowHeader: true, headClassName: 'role-matrix__corner', cellClassName: 'role-matrix__permission' },
    cell: ({ row: { original: permission } }) => (
      <span className="role-matrix__permission-text">
        <code>{permission.name}</code>
        <span className="role-matrix__description">{permission.description}</span>
      </span>
    ),
  };
}

function roleColumn(role: AdminRole, props: RoleMatrixProps): ColumnDef<PermissionRow> {
  const { drafts, savingRole, onToggle } = props;
  const isDirty = isRoleDirty(role, drafts);
  const isHeldBy = (permission: string) => !role.isEditable || shownPermissions(role, drafts).includes(permission);
  const isChanged = (permission: string) => role.isEditable && isHeldBy(permission) !== role.permissions.includes(permission);
  const lockedBecause = !role.isEditable
    ? ADMIN_ROLE_MESSAGES.superadminLocked
    : role.abilities.canEdit
      ? undefined
      : ADMIN_ROLE_MESSAGES.outOfReach;
  return {
    id: `role:${role.name}`,
    header: () => (
      <RoleHead
        role={role}
        isDirty={isDirty}
        isSaving={savingRole === role.name}
        onSave={() => props.onSave(role)}
        onCancel={() => props.onCancel(role)}
        onDelete={() => props.onDelete(role)}
      />
    ),
    meta: {
      headClassName: `role-matrix__role${isDirty ? ' role-matrix__role--dirty' : ''}`,
      headTestId: `role-column-${role.name}`,
      cellClassName: (permission) => `role-matrix__cell${isChanged(permission.name) ? ' role-matrix__cell--changed' : ''}`,
    },
    cell: ({ row: { original: permission } }) => (
      <input
        type="checkbox"
        checked={isHeldBy(permission.name)}
        disabled={lockedBecause !== undefined || savingRole === role.name}
        onChange={() => onToggle(role, permission.name)}
        aria-label={`${permission.name} for ${role.label}`}
        title={lockedBecause}
      />
    ),
  };
}

const ROLE_MATRIX_GROUPS: DataTableGroups<PermissionRow> = {
  keyOf: (row) => row.groupPrefix,
  label: (row) => <span className="role-matrix__group-label">{row.groupLabel}</span>,
  className: 'role-matrix__group',
};

/**
 * The role × permission matrix: permissions down the side in blocks by prefix, one column per role. Superadmin's
 * column shows every permission held and cannot be changed; a changed cell and its column are marked until saved.
 */
export function RoleMatrix(props: RoleMatrixProps) {
  const rows = groupPermissions(props.catalog).flatMap((group) =>
    group.permissions.map((permission) => ({ ...permission, groupPrefix: group.prefix, groupLabel: group.label })),
  );
  const columns = [permissionColumn(), ...props.roles.map((role) => roleColumn(role, props))];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      getRowId={(row) => row.name}
      label="Role permissions"
      testId="role-matrix"
      className="role-matrix"
      groups={ROLE_MATRIX_GROUPS}
      isBusy={props.isFetching}
      rowAttributes={(row) => ({ 'data-testid': `permission-row-${row.name}` })}
    />
  );
}
