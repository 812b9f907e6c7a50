import { ADMIN_PASSWORD_MIN_LENGTH, type AdminUserRow, adminUsersApi } from '@guildhall/contract';
import { type FormEvent, useId, useState } from 'react';
import { hasFieldErrors, useResetAdminPassword } from '../../api/admin-users';
import { type FieldErrors, fieldErrorsFromIssues } from '../../ui/field-errors';
import { Modal } from '../../ui/modal';
import { PasswordField } from '../../ui/password-field';

interface ResetPasswordDialogProps {
  user: AdminUserRow;
  onClose: () => void;
}

/** Sets a new password for another admin; the server ends that admin's sessions. */
export function ResetPasswordDialog({ user, onClose }: ResetPasswordDialogProps) {
  const formId = useId();
  const reset = useResetAdminPassword();
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    const parsed = adminUsersApi.resetPassword.body.safeParse({ newPassword });
    if (!parsed.success) return setErrors(fieldErrorsFromIssues(parsed.error.issues));
    reset.mutate(
      { id: user.id, newPassword: parsed.data.newPassword },
      { onSuccess: onClose, onError: (error) => hasFieldErrors(error) && setErrors(error.fields) },
    );
  }

  return (
    <Modal
      isOpen
      title={`Reset password: ${user.username}`}
      size="sm"
      onClose={() => !reset.isPending && onClose()}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={reset.isPending}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={reset.isPending}>
            {reset.isPending ? 'Resetting...' : 'Reset Password'}
          </button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={handleSubmit} noValidate data-testid="reset-password-form">
        <p>The new password replaces the old one at once, and every session of {user.username} ends.</p>
        <PasswordField
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          value={newPassword}
          onChange={(value) => {
            setNewPassword(value);
            setErrors({});
          }}
          error={errors.newPassword}
          hint={`At least ${ADMIN_PASSWORD_MIN_LENGTH} characters`}
        />
      </form>
    </Modal>
  );
}
