import { KeyRound } from 'lucide-react';
import { addPasskeyForm, useAddPasskey } from '../../api/admin-passkeys';
import { SubmitButton } from '../../ui/submit-button';
import { useToast } from '../../ui/toast-context';
import { CurrentPasswordField } from './current-password-field';
import { FormAlert } from './form-alert';
import { PasskeyNameField } from './passkey-name-field';
import { useTwoFactorForm } from './use-two-factor-form';

/**
 * Adding a passkey: a name and the current password, then the browser's own dialog makes it. The first second factor
 * answers recovery codes: those go to the page to show once, in place of a toast.
 */
export function AddPasskey({ onRecoveryCodes }: { onRecoveryCodes: (shown: { codes: string[]; message: string }) => void }) {
  const add = useAddPasskey();
  const toast = useToast();
  const form = useTwoFactorForm({ name: '', password: '' }, addPasskeyForm, add, ({ message, recoveryCodes }) => {
    form.reset();
    if (recoveryCodes) onRecoveryCodes({ codes: recoveryCodes, message });
    else toast.success(message);
  });

  return (
    <form className="form two-factor__form" onSubmit={form.handleSubmit} noValidate data-testid="add-passkey">
      <h3 className="two-factor__subtitle">Add a passkey</h3>
      <FormAlert message={form.formError} />
      <PasskeyNameField
        value={form.values.name}
        error={form.errors.name}
        onChange={(value) => form.handleChange('name', value)}
      />
      <CurrentPasswordField form={form} />
      <div className="form__actions">
        <SubmitButton
          icon={<KeyRound size={16} aria-hidden="true" />}
          isBusy={add.isPending}
          busyLabel="Waiting for your passkey..."
        >
          Add passkey
        </SubmitButton>
      </div>
    </form>
  );
}
