import { ADMIN_PASSWORD_MIN_LENGTH, type AdminUserRow, adminUsersApi } from '@guildhall/contract';
import { type FormEvent, useState } from 'react';
import { hasFieldErrors, useResetAdminPassword } from '../../api/admin-users';
import { type FieldErrors, fieldErrorsFromIssues } from '../../ui/field-errors';
import { FormModal } from '../../ui/form-modal';
import { PasswordField } from '../../ui/password-field';

interface ResetPasswordDialogProps {
  user: AdminUserRow;
  onClose: () => void;
}

/** Sets a new password for another admin; the server ends that admin's sessions. */
export function ResetPasswordDialog({ user, onClose }: ResetPasswordDialogProps) {
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
    <FormModal
      title={`Reset password: ${user.username}`}
      size="sm"
      onClose={onClose}
      onSubmit={handleSubmit}
      submitLabel="Reset Password"
      busyLabel="Resetting..."
      isBusy={reset.isPending}
      testId="reset-password-form"
    >
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
    </FormModal>
  );
}
