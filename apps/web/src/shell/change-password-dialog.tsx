import { adminAuthApi, MESSAGES } from '@guildhall/contract';
import { type FormEvent, useState } from 'react';
import { useChangePasswordMutation } from '../api/admin-auth';
import { ApiError, errorMessage } from '../api/api-error';
import { useAdminSession } from '../auth/admin-session-context';
import { FormField } from '../ui/form-field';
import { Modal } from '../ui/modal';
import { SubmitButton } from '../ui/submit-button';
import { useToast } from '../ui/toast-context';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type FieldErrors = Partial<Record<Field, string>>;

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Validates with the contract's rule for the change-password body, plus the confirmation. */
function validate(values: typeof EMPTY): FieldErrors {
  const errors: FieldErrors = {};
  const result = adminAuthApi.changePassword.body.safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as Field;
      errors[field] ??= issue.message;
    }
  }
  if (!errors.newPassword && values.confirmPassword !== values.newPassword) errors.confirmPassword = 'Passwords do not match';
  return errors;
}

interface ChangePasswordDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** Changes the signed-in admin's password (POST /api/admin/auth/change-password). */
export function ChangePasswordDialog({ isOpen, onClose }: ChangePasswordDialogProps) {
  const toast = useToast();
  const { admin } = useAdminSession();
  const mutation = useChangePasswordMutation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  function handleClose() {
    setValues(EMPTY);
    setErrors({});
    setFormError(null);
    mutation.reset();
    onClose();
  }

  function handleChange(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    const { currentPassword, newPassword } = values;
    mutation.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast.success(MESSAGES.passwordChanged);
          handleClose();
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fields as FieldErrors);
          setFormError(errorMessage(error, MESSAGES.passwordChangeFailed));
        },
      },
    );
  }

  return (
    <Modal isOpen={isOpen} title="Change password" size="sm" onClose={handleClose}>
      <form className="form" onSubmit={handleSubmit} noValidate>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={admin?.username ?? ''} readOnly hidden />
        {formError && (
          <p className="alert alert--error" role="alert">
            {formError}
          </p>
        )}
        {(
          [
            ['currentPassword', 'Current password', 'current-password'],
            ['newPassword', 'New password', 'new-password'],
            ['confirmPassword', 'Confirm new password', 'new-password'],
          ] as const
        ).map(([field, label, autoComplete]) => (
          <FormField key={field} label={label} error={errors[field]}>
            {(props) => (
              <input
                {...props}
                type="password"
                autoComplete={autoComplete}
                value={values[field]}
                onChange={(event) => handleChange(field, event.target.value)}
              />
            )}
          </FormField>
        ))}
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={handleClose}>
            Cancel
          </button>
          <SubmitButton isBusy={mutation.isPending} busyLabel="Changing...">
            Change password
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
