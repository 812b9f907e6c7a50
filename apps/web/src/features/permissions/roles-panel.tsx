import { ADMIN_ROLE_MESSAGES, type AdminRole, type UpdateAdminRoleBody } from '@guildhall/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useAdminRoles, useDeleteRoleMutation, useUpdateRoleMutation } from '../../api/admin-roles';
import { ConfirmItemModal } from '../../ui/confirm-modal';
import { QueryState } from '../../ui/query-state';
import { NewRoleModal } from './new-role-modal';
import { RoleMatrix } from './role-matrix';
import { isRoleDirty, type RoleDrafts, shownPermissions, toggleCell, withoutDraft } from './role-matrix-model';

interface RolesPanelProps {
  /** Unsaved columns; the page holds them, so they outlast a visit to another tab. */
  drafts: RoleDrafts;
  onDraftsChange: (change: (drafts: RoleDrafts) => RoleDrafts) => void;
}

/** The Roles tab: the matrix, each column saved on its own, New role and deleting a custom role. */
export function RolesPanel({ drafts, onDraftsChange: setDrafts }: RolesPanelProps) {
  const list = useAdminRoles();
  const update = useUpdateRoleMutation();
  const remove = useDeleteRoleMutation();
  const [isCreating, setIsCreating] = useState(false);
  const [deleting, setDeleting] = useState<AdminRole | null>(null);
  const roles = list.data?.data ?? [];
  const catalog = list.data?.permissions ?? [];
  const dirtyRoles = roles.filter((role) => isRoleDirty(role, drafts));

  function handleSave(role: AdminRole) {
    // The catalog's names are the contract's permission names; the server checks them again.
    const permissions = shownPermissions(role, drafts) as UpdateAdminRoleBody['permissions'];
    update.mutate({ name: role.name, body: { permissions } }, { onSuccess: () => setDrafts((d) => withoutDraft(d, role.name)) });
  }

  return (
    <>
      <div className="permissions-toolbar">
        <p className="muted">
          A role is a set of permissions; its holders get a change on their next request. Superadmin passes every check.
        </p>
        <button type="button" className="button button--primary" onClick={() => setIsCreating(true)} disabled={!list.isSuccess}>
          <Plus size={16} aria-hidden="true" />
          New role
        </button>
      </div>
      {dirtyRoles.length > 0 && (
        <p className="permissions-unsaved" role="status" data-testid="unsaved-roles">
          Unsaved changes: {dirtyRoles.map((role) => role.label).join(', ')}. Save or cancel them in the column.
        </p>
      )}
      <QueryState query={list} loading="Loading roles" errorText={ADMIN_ROLE_MESSAGES.loadFailed} testId="roles">
        {() => (
          <RoleMatrix
            roles={roles}
            catalog={catalog}
            drafts={drafts}
            savingRole={update.isPending ? (update.variables?.name ?? null) : null}
            isFetching={list.isFetching}
            onToggle={(role, permission) => setDrafts((d) => toggleCell(d, role, permission, catalog))}
            onSave={handleSave}
            onCancel={(role) => setDrafts((d) => withoutDraft(d, role.name))}
            onDelete={setDeleting}
          />
        )}
      </QueryState>
      {isCreating && <NewRoleModal catalog={catalog} onClose={() => setIsCreating(false)} />}
      <ConfirmItemModal
        item={deleting}
        mutation={remove}
        variables={(role) => role.name}
        title="Delete role?"
        confirmLabel="Delete role"
        busyLabel="Deleting..."
        isDanger
        onClose={() => setDeleting(null)}
        testId="delete-role"
      >
        <p>
          Delete the role <strong>{deleting?.label}</strong> ({deleting?.name})? Admin users who hold it must be given another
          role first.
        </p>
      </ConfirmItemModal>
    </>
  );
}
