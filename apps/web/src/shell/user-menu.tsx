import { roleLabel } from '@guildhall/contract';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAdminSession } from '../auth/admin-session-context';
import { ADMIN_LOGIN_PATH, TWO_FACTOR_PATH } from '../auth/login-path';
import { AccountMenu } from './account-menu';
import { ChangePasswordDialog } from './change-password-dialog';
import '../styles/two-factor.css';

/** The signed-in admin (initial, name, role) with Change password, Two-factor sign-in and Logout. */
export function UserMenu() {
  const { admin, twoFactor, logout } = useAdminSession();
  const navigate = useNavigate();
  const [isChangingPassword, setIsChangingPassword] = useState(false);

  if (!admin) return null;
  // The server names custom roles by their own label; the contract's fallback covers an older answer.
  const role = admin.roleLabel ?? roleLabel(admin.role);

  return (
    <>
      <AccountMenu
        name={admin.username}
        roleLabel={role}
        heading={admin.fullName ?? admin.username}
        detail={role}
        logout={logout}
        loginPath={ADMIN_LOGIN_PATH}
      >
        {(close) => (
          <>
            <button
              type="button"
              role="menuitem"
              className="menu-item"
              onClick={() => {
                close();
                setIsChangingPassword(true);
              }}
            >
              <KeyRound size={16} aria-hidden="true" />
              Change password
            </button>
            <button
              type="button"
              role="menuitem"
              className="menu-item"
              onClick={() => {
                close();
                navigate(TWO_FACTOR_PATH);
              }}
            >
              <ShieldCheck size={16} aria-hidden="true" />
              Two-factor sign-in
              <span className="menu-item__state">{twoFactor?.isEnabled ? 'On' : 'Off'}</span>
            </button>
          </>
        )}
      </AccountMenu>
      <ChangePasswordDialog isOpen={isChangingPassword} onClose={() => setIsChangingPassword(false)} />
    </>
  );
}
