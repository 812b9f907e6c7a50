import { adminTwoFactorApi } from '@guildhall/contract';
import { RefreshCw, ShieldOff } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useDisableTotp, useRegenerateRecoveryCodes } from '../../api/admin-two-factor';
import { Card } from '../../ui/card';
import { CodeField } from '../../ui/code-field';
import { PasswordField } from '../../ui/password-field';
import { SubmitButton } from '../../ui/submit-button';
import { useToast } from '../../ui/toast-context';
import { useFormFields } from '../../ui/use-form-fields';
import { FormAlert } from './form-alert';
import { showRefusal } from './form-refusal';

/** New recovery codes for a code (the old ones stop working). */
export function RegenerateRecoveryCodes({ onRegenerated }: { onRegenerated: (recoveryCodes: string[]) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const form = useFormFields({ code: '' });
  const [formError, setFormError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const body = form.validate(adminTwoFactorApi.regenerateRecoveryCodes.body.safeParse(form.values));
    if (!body) return;
    regenerate.mutate(body, {
      onSuccess: ({ recoveryCodes }) => onRegenerated(recoveryCodes),
      onError: (error) => showRefusal(error, form.setErrors, setFormError),
    });
  }

  return (
    <Card title="Recovery codes" data-testid="two-factor-regenerate">
      <form className="form two-factor__form" onSubmit={handleSubmit} noValidate>
        <p>
          Each recovery code signs you in once without the app. Lost them, or used most? Make new ones: the old ones stop working.
        </p>
        <FormAlert message={formError} />
        <CodeField value={form.values.code} error={form.errors.code} onChange={(value) => form.handleChange('code', value)} />
        <div className="form__actions">
          <SubmitButton icon={<RefreshCw size={16} aria-hidden="true" />} isBusy={regenerate.isPending} busyLabel="Making...">
            Make new recovery codes
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}

/** Turning two-factor sign-in off: the password and a code. */
export function DisableTwoFactor({ isRequired }: { isRequired: boolean }) {
  const disable = useDisableTotp();
  const toast = useToast();
  const form = useFormFields({ password: '', code: '' });
  const [formError, setFormError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const body = form.validate(adminTwoFactorApi.disable.body.safeParse(form.values));
    if (!body) return;
    disable.mutate(body, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => showRefusal(error, form.setErrors, setFormError),
    });
  }

  return (
    <Card title="Turn off two-factor sign-in" data-testid="two-factor-disable">
      <form className="form two-factor__form" onSubmit={handleSubmit} noValidate>
        <p>
          {isRequired
            ? 'Your account must use two-factor sign-in: once it is off, turning it on again is all the console lets you do.'
            : 'Your password alone will sign you in again, and your recovery codes stop working.'}
        </p>
        <FormAlert message={formError} />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={form.values.password}
          error={form.errors.password}
          onChange={(value) => form.handleChange('password', value)}
        />
        <CodeField value={form.values.code} error={form.errors.code} onChange={(value) => form.handleChange('code', value)} />
        <div className="form__actions">
          <button type="submit" className="button button--danger" disabled={disable.isPending}>
            <ShieldOff size={16} aria-hidden="true" />
            {disable.isPending ? 'Turning off...' : 'Turn off'}
          </button>
        </div>
      </form>
    </Card>
  );
}
