import { adminTwoFactorApi } from '@guildhall/contract';
import { RefreshCw, ShieldOff } from 'lucide-react';
import { useDisableTotp, useRegenerateRecoveryCodes } from '../../api/admin-two-factor';
import { Card } from '../../ui/card';
import { CodeField } from '../../ui/code-field';
import { SubmitButton } from '../../ui/submit-button';
import { useToast } from '../../ui/toast-context';
import { CurrentPasswordField } from './current-password-field';
import { FormAlert } from './form-alert';
import { useTwoFactorForm } from './use-two-factor-form';

/** New recovery codes for the current password (the old ones stop working), whatever the second factor. */
export function RegenerateRecoveryCodes({ onRegenerated }: { onRegenerated: (recoveryCodes: string[]) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const form = useTwoFactorForm(
    { password: '' },
    adminTwoFactorApi.regenerateRecoveryCodes.body,
    regenerate,
    ({ recoveryCodes }) => onRegenerated(recoveryCodes),
  );

  return (
    <Card title="Recovery codes" data-testid="two-factor-regenerate">
      <form className="form two-factor__form" onSubmit={form.handleSubmit} noValidate>
        <p>
          Each recovery code signs you in once in place of your app or passkey. Lost them, or used most? Make new ones: the old
          ones stop working.
        </p>
        <FormAlert message={form.formError} />
        <CurrentPasswordField form={form} />
        <div className="form__actions">
          <SubmitButton icon={<RefreshCw size={16} aria-hidden="true" />} isBusy={regenerate.isPending} busyLabel="Making...">
            Make new recovery codes
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}

/** What turning the authenticator app off leaves. */
function disableNote(isRequired: boolean, hasPasskey: boolean) {
  if (hasPasskey) return 'Your passkeys and recovery codes still sign you in.';
  if (isRequired)
    return 'Your account must use two-factor sign-in: once it is off, turning it on again is all the console lets you do.';
  return 'Your password alone will sign you in again, and your recovery codes stop working.';
}

/** Turning the authenticator app off (two-factor sign-in with it, unless a passkey stays): the password and a code. */
export function DisableTwoFactor({ isRequired, hasPasskey }: { isRequired: boolean; hasPasskey: boolean }) {
  const disable = useDisableTotp();
  const toast = useToast();
  const form = useTwoFactorForm({ password: '', code: '' }, adminTwoFactorApi.disable.body, disable, ({ message }) =>
    toast.success(message),
  );

  return (
    <Card title={hasPasskey ? 'Remove the authenticator app' : 'Turn off two-factor sign-in'} data-testid="two-factor-disable">
      <form className="form two-factor__form" onSubmit={form.handleSubmit} noValidate>
        <p>{disableNote(isRequired, hasPasskey)}</p>
        <FormAlert message={form.formError} />
        <CurrentPasswordField form={form} />
        <CodeField value={form.values.code} error={form.errors.code} onChange={(value) => form.handleChange('code', value)} />
        <div className="form__actions">
          <button type="submit" className="button button--danger" disabled={disable.isPending}>
            <ShieldOff size={16} aria-hidden="true" />
            {disable.isPending ? 'Turning off...' : hasPasskey ? 'Remove the app' : 'Turn off'}
          </button>
        </div>
      </form>
    </Card>
  );
}
