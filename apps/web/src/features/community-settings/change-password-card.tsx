import { type CommunityUser, changePasswordBody, MESSAGES } from '@guildhall/contract';
import { KeyRound } from 'lucide-react';
import type { FormEvent } from 'react';
import { useChangePasswordMutation } from '../../api/community-account';
import { useErrorToast } from '../../community-auth/use-error-toast';
import { Card } from '../../ui/card';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { PasswordField } from '../../ui/password-field';
import { SubmitButton } from '../../ui/submit-button';
import { useToast } from '../../ui/toast-context';
import { useFormFields } from '../../ui/use-form-fields';
import { confirmationProblem, NewPasswordFields } from '../registration/new-password-fields';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** For an account with a password: the current one, a new one under the password rule, typed twice. */
export function ChangePasswordCard({ user }: { user: CommunityUser }) {
  const change = useChangePasswordMutation();
  const toast = useToast();
  const showError = useErrorToast();
  const { values, setValues, errors, setErrors, handleChange, validate } = useFormFields(EMPTY);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = validate(changePasswordBody.safeParse(values));
    if (!body) return;
    const mismatch = confirmationProblem(values.newPassword, values.confirmPassword);
    if (mismatch) {
      setErrors({ confirmPassword: mismatch });
      return;
    }
    change.mutate(body, {
      onSuccess: (answer) => {
        setValues(EMPTY);
        toast.success(answer.message || MESSAGES.passwordChanged);
      },
      onError: (error) => {
        setErrors(fieldErrorsFromError(error));
        showError(error, MESSAGES.passwordChangeFailed);
      },
    });
  }

  return (
    <Card title="Change password" data-testid="change-password-card">
      <p className="card__lead">Changing it signs you out everywhere else; this browser stays signed in.</p>
      <form className="form settings-form" onSubmit={handleSubmit} noValidate>
        <PasswordField
          label="Current password"
          name="currentPassword"
          autoComplete="current-password"
          value={values.currentPassword}
          error={errors.currentPassword}
          onChange={(value) => handleChange('currentPassword', value)}
        />
        <NewPasswordFields
          password={values.newPassword}
          confirmation={values.confirmPassword}
          errors={{ password: errors.newPassword, confirmation: errors.confirmPassword }}
          owner={{ username: user.username, email: user.email }}
          names={{ password: 'newPassword', confirmation: 'confirmPassword' }}
          onPasswordChange={(value) => handleChange('newPassword', value)}
          onConfirmationChange={(value) => handleChange('confirmPassword', value)}
        />
        <div className="form__actions">
          <SubmitButton icon={<KeyRound size={16} aria-hidden="true" />} isBusy={change.isPending} busyLabel="Changing...">
            Change password
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}
