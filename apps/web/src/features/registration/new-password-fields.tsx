import { PASSWORD_MESSAGES, type PasswordOwner } from '@guildhall/contract';
import { PasswordField } from '../../ui/password-field';
import { PasswordChecklist } from './password-checklist';

/** The confirmation's error, when it differs from the new password it repeats. */
export function confirmationProblem(password: string, confirmation: string): string | undefined {
  return confirmation === password ? undefined : PASSWORD_MESSAGES.mismatch;
}

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  errors: { password?: string; confirmation?: string };
  /** Whose password it is: the checklist refuses one that contains their name or e-mail. */
  owner: PasswordOwner;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  confirmationLabel?: string;
  names?: { password: string; confirmation: string };
}

/** A new password under the password rule, checked line by line as it is typed, then typed again. */
export function NewPasswordFields({
  password,
  confirmation,
  errors,
  owner,
  onPasswordChange,
  onConfirmationChange,
  confirmationLabel = 'Confirm new password',
  names = { password: 'new-password', confirmation: 'confirm-password' },
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label="New password"
        name={names.password}
        autoComplete="new-password"
        value={password}
        error={errors.password}
        hint={<PasswordChecklist password={password} owner={owner} />}
        onChange={onPasswordChange}
      />
      <PasswordField
        label={confirmationLabel}
        name={names.confirmation}
        autoComplete="new-password"
        value={confirmation}
        error={errors.confirmation}
        onChange={onConfirmationChange}
      />
    </>
  );
}
