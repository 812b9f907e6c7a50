import { LogOut } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAdminSession } from '../auth/admin-session-context';
import { ADMIN_LOGIN_PATH } from '../auth/login-path';
import { PageSpinner } from '../ui/spinner';

const TwoFactorPage = lazy(() => import('../features/two-factor/two-factor-page').then((m) => ({ default: m.TwoFactorPage })));

/**
 * Past the grace to turn on a required two-factor sign-in, the server answers nothing but enrolment: the console
 * (its shell, live connection and screens) waits behind the enrolment page until the recovery codes were seen.
 */
export function TwoFactorGate({ children }: { children: ReactNode }) {
  const { twoFactor, logout } = useAdminSession();
  const navigate = useNavigate();
  // Turned on: the session says so at once, but the recovery codes stay until the admin has saved them.
  const [isShowingCodes, setIsShowingCodes] = useState(false);

  if (!twoFactor?.isEnrolmentRequired && !isShowingCodes) return children;

  async function handleLogout() {
    await logout();
    navigate(ADMIN_LOGIN_PATH, { replace: true });
  }

  return (
    <div className="two-factor-gate" data-testid="two-factor-gate">
      <Suspense fallback={<PageSpinner />}>
        <TwoFactorPage onShowingCodes={setIsShowingCodes} />
      </Suspense>
      <button type="button" className="link-button two-factor-gate__logout" onClick={handleLogout}>
        <LogOut size={14} aria-hidden="true" />
        Sign out
      </button>
    </div>
  );
}
