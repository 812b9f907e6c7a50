import { graceDaysLeft, TWO_FACTOR_ACCOUNT_MESSAGES, TWO_FACTOR_MESSAGES } from '@guildhall/contract';
import { useState } from 'react';
import { useRefreshSession } from '../../api/admin-two-factor';
import { useAdminSession } from '../../auth/admin-session-context';
import { TWO_FACTOR_PATH } from '../../auth/login-path';
import { useBreadcrumbName } from '../../shell/breadcrumb-names';
import { Badge } from '../../ui/badge';
import { useDocumentTitle } from '../../ui/use-document-title';
import '../../styles/two-factor.css';
import { EnrolTotp } from './enrol-totp';
import { DisableTwoFactor, RegenerateRecoveryCodes } from './manage-two-factor';
import { Passkeys } from './passkeys';
import { RecoveryCodes } from './recovery-codes';

/**
 * "Two-factor sign-in" (issue 25): the signed-in admin's own second factors. The authenticator app: enrol it, or
 * (on) turn it off. Passkeys: the list, rename, remove, add. Either one on is two-factor sign-in on, and its recovery
 * codes (made with the first factor, by an app or a passkey) can be made again. Recovery codes stay on screen until the admin says they are saved, whatever the session's status says
 * meanwhile; only then is the session read again.
 */
export function TwoFactorPage({ onShowingCodes }: { onShowingCodes?: (isShowing: boolean) => void }) {
  useDocumentTitle('Two-factor sign-in');
  useBreadcrumbName(TWO_FACTOR_PATH, 'Two-factor sign-in');
  const { admin, twoFactor } = useAdminSession();
  const refreshSession = useRefreshSession();
  const [shown, setShownState] = useState<{ codes: string[]; message: string } | null>(null);

  function setShown(next: { codes: string[]; message: string } | null) {
    setShownState(next);
    onShowingCodes?.(next !== null);
  }

  if (!admin) return null;
  const isEnabled = twoFactor?.isEnabled ?? false;
  const isTotpOn = twoFactor?.methods.includes('totp') ?? false;
  const hasPasskey = twoFactor?.methods.includes('passkey') ?? false;

  function handleDone() {
    setShown(null);
    void refreshSession();
  }

  return (
    <div className="page two-factor">
      <header className="page__header">
        <div>
          <h1 className="page__title">Two-factor sign-in</h1>
          <p className="page__lead">
            After your password, the console asks for a second factor: a code from an authenticator app (or one of its one-time
            recovery codes), or a passkey.
          </p>
        </div>
        <Badge tone={isEnabled ? 'good' : twoFactor?.isRequired ? 'warn' : 'neutral'} data-testid="two-factor-state">
          {isEnabled ? 'On' : twoFactor?.isRequired ? 'Off (required)' : 'Off'}
        </Badge>
      </header>
      {!shown && !isEnabled && twoFactor?.isEnrolmentRequired && (
        <p className="alert alert--error" role="alert" data-testid="two-factor-enrolment-required">
          {TWO_FACTOR_MESSAGES.enrolmentRequired}
        </p>
      )}
      {!shown && !isEnabled && twoFactor?.graceEndsAt && !twoFactor.isEnrolmentRequired && (
        <p className="alert alert--warning" role="note">
          {TWO_FACTOR_ACCOUNT_MESSAGES.graceLeft(graceDaysLeft(twoFactor.graceEndsAt))}
        </p>
      )}
      {shown ? (
        <RecoveryCodes codes={shown.codes} username={admin.username} message={shown.message} onDone={handleDone} />
      ) : (
        <div className="two-factor__cards">
          {isEnabled && (
            <RegenerateRecoveryCodes onRegenerated={(codes) => setShown({ codes, message: TWO_FACTOR_MESSAGES.regenerated })} />
          )}
          {isTotpOn ? (
            <DisableTwoFactor isRequired={twoFactor?.isRequired ?? false} hasPasskey={hasPasskey} />
          ) : (
            <EnrolTotp
              title={hasPasskey ? 'Add an authenticator app' : undefined}
              onEnabled={(codes) => setShown({ codes, message: TWO_FACTOR_MESSAGES.enabled })}
            />
          )}
          <Passkeys onRecoveryCodes={setShown} />
        </div>
      )}
    </div>
  );
}
