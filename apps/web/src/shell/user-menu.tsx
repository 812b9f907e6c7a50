import { roleLabel } from '@guildhall/contract';
import { KeyRound, type LucideIcon, ShieldCheck } from 'lucide-react';
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
            <MenuItem icon={KeyRound} label="Change password" onSelect={close} action={() => setIsChangingPassword(true)} />
            <MenuItem
              icon={ShieldCheck}
              label="Two-factor sign-in"
              state={twoFactor?.isEnabled ? 'On' : 'Off'}
              onSelect={close}
              action={() => navigate(TWO_FACTOR_PATH)}
            />
          </>
        )}
      </AccountMenu>
      <ChangePasswordDialog isOpen={isChangingPassword} onClose={() => setIsChangingPassword(false)} />
    </>
  );
}

interface MenuItemProps {
  icon: LucideIcon;
  label: string;
  /** A short state at the right (On, Off). */
  state?: string;
  /** Closes the menu. */
  onSelect: () => void;
  action: () => void;
}

/** One item of the account menu: it closes the menu, then acts. */
function MenuItem({ icon: Icon, label, state, onSelect, action }: MenuItemProps) {
  return (
    <button
      type="button"
      role="menuitem"
      className="menu-item"
      onClick={() => {
        onSelect();
        action();
      }}
    >
      <Icon size={16} aria-hidden="true" />
      {label}
      {state && <span className="menu-item__state">{state}</span>}
    </button>
  );
}
