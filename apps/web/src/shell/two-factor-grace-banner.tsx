import { graceDaysLeft, TWO_FACTOR_ACCOUNT_MESSAGES } from '@guildhall/contract';
import { ShieldAlert } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useAdminSession } from '../auth/admin-session-context';
import { TWO_FACTOR_PATH } from '../auth/login-path';
import '../styles/two-factor.css';

/** While the grace to turn on a required two-factor sign-in lasts: the days left and the way to the enrolment page. */
export function TwoFactorGraceBanner() {
  const { twoFactor } = useAdminSession();
  const { pathname } = useLocation();
  if (!twoFactor?.graceEndsAt || twoFactor.isEnabled || twoFactor.isEnrolmentRequired || pathname === TWO_FACTOR_PATH)
    return null;
  return (
    <div className="alert alert--warning grace-banner" role="status" data-testid="two-factor-grace-banner">
      <ShieldAlert size={16} aria-hidden="true" />
      <span>
        {TWO_FACTOR_ACCOUNT_MESSAGES.graceLeft(graceDaysLeft(twoFactor.graceEndsAt))}.{' '}
        <Link to={TWO_FACTOR_PATH}>Turn on two-factor sign-in</Link>
      </span>
    </div>
  );
}
