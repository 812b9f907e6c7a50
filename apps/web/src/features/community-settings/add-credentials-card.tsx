import { addCredentialsBody, type CommunityUser, MESSAGES } from '@guildhall/contract';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useAddCredentialsMutation } from '../../api/community-account';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { useErrorToast } from '../../community-auth/use-error-toast';
import { Card } from '../../ui/card';
import { EmailField } from '../../ui/email-field';
import { type FieldErrors, fieldErrorsFromError, fieldErrorsFromIssues, withoutField } from '../../ui/field-errors';
import { PasswordField } from '../../ui/password-field';
import { SubmitButton } from '../../ui/submit-button';
import { useToast } from '../../ui/toast-context';
import { PasswordChecklist } from '../registration/password-checklist';

/** For a Discord-only account: add an e-mail and password, so either way signs in (authMethod becomes both). */
export function AddCredentialsCard({ user }: { user: CommunityUser }) {
  const { updateUser } = useCommunitySession();
  const add = useAddCredentialsMutation();
  const toast = useToast();
  const showError = useErrorToast();
  const [email, setEmail] = useState(user.email ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = addCredentialsBody.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: (answer) => {
        updateUser(answer.user);
        setPassword('');
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
        <EmailField
          value={email}
          error={errors.email}
          onChange={(value) => {
            setEmail(value);
            setErrors((current) => withoutField(current, 'email'));
          }}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          hint={<PasswordChecklist password={password} owner={{ username: user.username, email }} />}
          onChange={(value) => {
            setPassword(value);
            setErrors((current) => withoutField(current, 'password'));
          }}
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
