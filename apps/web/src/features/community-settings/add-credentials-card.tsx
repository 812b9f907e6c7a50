import { addCredentialsBody, type CommunityUser, MESSAGES } from '@guildhall/contract';
import { KeyRound } from 'lucide-react';
import type { FormEvent } from 'react';
import { useAddCredentialsMutation } from '../../api/community-account';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { useErrorToast } from '../../community-auth/use-error-toast';
import { Card } from '../../ui/card';
import { EmailField } from '../../ui/email-field';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { PasswordField } from '../../ui/password-field';
import { SubmitButton } from '../../ui/submit-button';
import { useToast } from '../../ui/toast-context';
import { useFormFields } from '../../ui/use-form-fields';
import { PasswordChecklist } from '../registration/password-checklist';

/** For a Discord-only account: add an e-mail and password, so either way signs in (authMethod becomes both). */
export function AddCredentialsCard({ user }: { user: CommunityUser }) {
  const { updateUser } = useCommunitySession();
  const add = useAddCredentialsMutation();
  const toast = useToast();
  const showError = useErrorToast();
  const { values, setValues, errors, setErrors, handleChange, validate } = useFormFields({
    email: user.email ?? '',
    password: '',
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = validate(addCredentialsBody.safeParse(values));
    if (!body) return;
    add.mutate(body, {
      onSuccess: (answer) => {
        updateUser(answer.user);
        setValues((current) => ({ ...current, password: '' }));
        toast.success(answer.message);
      },
      onError: (error) => {
        setErrors(fieldErrorsFromError(error));
        showError(error, MESSAGES.addCredentialsFailed);
      },
    });
  }

  return (
    <Card title="Sign in with email too" data-testid="add-credentials-card">
      <p className="card__lead">You sign in with Discord. Add an email and password to sign in without Discord as well.</p>
      <form className="form settings-form" onSubmit={handleSubmit} noValidate>
        <EmailField value={values.email} error={errors.email} onChange={(value) => handleChange('email', value)} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          hint={<PasswordChecklist password={values.password} owner={{ username: user.username, email: values.email }} />}
          onChange={(value) => handleChange('password', value)}
        />
        <div className="form__actions">
          <SubmitButton icon={<KeyRound size={16} aria-hidden="true" />} isBusy={add.isPending}>
            Add email and password
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}
