import { roleLabel } from '@guildhall/contract';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useAdminSession } from '../auth/admin-session-context';
import { ADMIN_LOGIN_PATH } from '../auth/login-path';
import { AccountMenu } from './account-menu';
import { ChangePasswordDialog } from './change-password-dialog';

/** The signed-in admin (initial, name, role) with Change password and Logout. */
export function UserMenu() {
  const { admin, logout } = useAdminSession();
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
        )}
      </AccountMenu>
      <ChangePasswordDialog isOpen={isChangingPassword} onClose={() => setIsChangingPassword(false)} />
    </>
  );
}
