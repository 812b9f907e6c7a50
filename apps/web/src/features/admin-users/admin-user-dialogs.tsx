import { type AdminRole, type AdminUserRow, TWO_FACTOR_ACCOUNT_MESSAGES } from '@guildhall/contract';
import { useResetAdminTwoFactor, useSetAdminUserActive } from '../../api/admin-users';
import { ConfirmModal } from '../../ui/confirm-modal';
import { AdminSessionsDialog } from './admin-sessions-dialog';
import { AdminUserFormModal } from './admin-user-form-modal';
import type { AdminUserAction } from './admin-user-rules';
import { DeleteAdminUserDialog } from './delete-admin-user-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';

/** Which dialog of the screen is open, and for whom. */
export type AdminUserDialogState =
  | { kind: 'closed' }
  | { kind: 'create' }
  | { kind: Exclude<AdminUserAction, 'unlock'>; user: AdminUserRow };

interface AdminUserDialogsProps {
  dialog: AdminUserDialogState;
  roles: readonly AdminRole[];
  catalog: readonly { name: string; description: string }[];
  onClose: () => void;
}

/** The screen's dialogs: create/edit, disable and enable confirms, delete, reset password or two-factor, sessions. */
export function AdminUserDialogs({ dialog, roles, catalog, onClose }: AdminUserDialogsProps) {
  const setActive = useSetAdminUserActive();
  const resetTwoFactor = useResetAdminTwoFactor();
  switch (dialog.kind) {
    case 'closed':
      return null;
    case 'create':
      return <AdminUserFormModal roles={roles} catalog={catalog} onClose={onClose} />;
    case 'edit':
      return <AdminUserFormModal user={dialog.user} roles={roles} catalog={catalog} onClose={onClose} />;
    case 'sessions':
      return <AdminSessionsDialog user={dialog.user} onClose={onClose} />;
    case 'reset-password':
      return <ResetPasswordDialog user={dialog.user} onClose={onClose} />;
    case 'delete':
      return <DeleteAdminUserDialog user={dialog.user} onClose={onClose} />;
    case 'reset-two-factor': {
      const { user } = dialog;
      return (
        <ConfirmModal
          isOpen
          title={`Reset two-factor sign-in of ${user.username}?`}
          confirmLabel="Reset two-factor sign-in"
          busyLabel="Resetting..."
          isBusy={resetTwoFactor.isPending}
          isDanger
          onConfirm={() => resetTwoFactor.mutate(user.id, { onSuccess: onClose })}
          onClose={onClose}
          testId="reset-two-factor"
        >
          <p>{TWO_FACTOR_ACCOUNT_MESSAGES.resetConfirm(user.username)}</p>
        </ConfirmModal>
      );
    }
    case 'disable':
    case 'enable': {
      const { user } = dialog;
      const isEnabling = dialog.kind === 'enable';
      return (
        <ConfirmModal
          isOpen
          title={isEnabling ? `Enable ${user.username}?` : `Disable ${user.username}?`}
          confirmLabel={isEnabling ? 'Enable' : 'Disable'}
          busyLabel={isEnabling ? 'Enabling...' : 'Disabling...'}
          isBusy={setActive.isPending}
          isDanger={!isEnabling}
          onConfirm={() => setActive.mutate({ user, isActive: isEnabling }, { onSuccess: onClose })}
          onClose={onClose}
          testId="toggle-admin-user"
        >
          <p>
            {isEnabling
              ? `${user.username} can sign in again.`
              : `${user.username} can no longer sign in, and every open session of theirs ends now.`}
          </p>
        </ConfirmModal>
      );
    }
  }
}
