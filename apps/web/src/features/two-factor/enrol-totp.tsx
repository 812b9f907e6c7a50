import { adminTwoFactorApi, TWO_FACTOR_MESSAGES } from '@guildhall/contract';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useConfirmTotp, useStartTotpSetup } from '../../api/admin-two-factor';
import { Card } from '../../ui/card';
import { CodeField } from '../../ui/code-field';
import { SubmitButton } from '../../ui/submit-button';
import { CurrentPasswordField } from './current-password-field';
import { FormAlert } from './form-alert';
import { QrCode } from './qr-code';
import { useTwoFactorForm } from './use-two-factor-form';

/** The base32 secret in groups of four, easier to type into an app by hand. */
export const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

interface EnrolTotpProps {
  /** The first card's title; 'Turn on two-factor sign-in' unless a passkey has it on already. */
  title?: string;
  /** Turned on: the recovery codes to show once. */
  onEnabled: (recoveryCodes: string[]) => void;
}

/** Turning the authenticator app on: the password, then the QR code (or the key by hand) and a code from the app. */
export function EnrolTotp({ title = 'Turn on two-factor sign-in', onEnabled }: EnrolTotpProps) {
  const [setup, setSetup] = useState<{ otpauthUri: string; secret: string } | null>(null);
  return setup ? (
    <ScanStep setup={setup} onEnabled={onEnabled} onCancel={() => setSetup(null)} />
  ) : (
    <PasswordStep title={title} onStarted={setSetup} />
  );
}

function PasswordStep({
  title,
  onStarted,
}: {
  title: string;
  onStarted: (setup: { otpauthUri: string; secret: string }) => void;
}) {
  const start = useStartTotpSetup();
  const form = useTwoFactorForm({ password: '' }, adminTwoFactorApi.setup.body, start, ({ otpauthUri, secret }) =>
    onStarted({ otpauthUri, secret }),
  );

  return (
    <Card title={title} data-testid="two-factor-enrol">
      <form className="form two-factor__form" onSubmit={form.handleSubmit} noValidate>
        <p>
          You need an authenticator app on your phone or computer (for example Aegis, Google Authenticator, 1Password or Microsoft
          Authenticator). Confirm your password to begin.
        </p>
        <FormAlert message={form.formError} />
        <CurrentPasswordField form={form} />
        <div className="form__actions">
          <SubmitButton isBusy={start.isPending} busyLabel="Starting...">
            Continue
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}

interface ScanStepProps {
  setup: { otpauthUri: string; secret: string };
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

function ScanStep({ setup, onEnabled, onCancel }: ScanStepProps) {
  const confirm = useConfirmTotp();
  const form = useTwoFactorForm({ code: '' }, adminTwoFactorApi.confirm.body, confirm, ({ recoveryCodes }) =>
    onEnabled(recoveryCodes),
  );

  return (
    <Card title="Add Guildhall to your authenticator app" data-testid="two-factor-scan">
      <form className="form two-factor__form" onSubmit={form.handleSubmit} noValidate>
        <p>{TWO_FACTOR_MESSAGES.setupStarted}.</p>
        <div className="two-factor__scan">
          <QrCode text={setup.otpauthUri} label="QR code to add Guildhall to your authenticator app" />
          <div className="two-factor__secret">
            <p className="muted">
              Cannot scan it? Add an account by hand with this key (time-based, 6 digits, every 30 seconds):
            </p>
            <code data-testid="totp-secret">{groupedSecret(setup.secret)}</code>
          </div>
        </div>
        <FormAlert message={form.formError} />
        <CodeField
          value={form.values.code}
          error={form.errors.code}
          hint="The 6-digit code the app shows now"
          onChange={(value) => form.handleChange('code', value)}
        />
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <SubmitButton icon={<ShieldCheck size={16} aria-hidden="true" />} isBusy={confirm.isPending} busyLabel="Turning on...">
            Turn on
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}
