import { MESSAGES, roleLabel } from '@guildhall/contract';
import { ChevronDown, KeyRound, LogOut } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../api/api-error';
import { useAdminSession } from '../auth/admin-session-context';
import { ADMIN_LOGIN_PATH } from '../auth/login-path';
import { useToast } from '../ui/toast-context';
import { ChangePasswordDialog } from './change-password-dialog';
import { useDismiss } from './use-dismiss';

/** The signed-in admin (initial, name, role) with Change password and Logout. */
export function UserMenu() {
  const { admin, logout } = useAdminSession();
  const toast = useToast();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const [isChangingPassword, setIsChangingPassword] = useState(false);
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const handleClose = useCallback(() => setIsOpen(false), []);
  useDismiss(rootRef, isOpen, handleClose);

  if (!admin) return null;
  const name = admin.username;
  const role = roleLabel(admin.role);

  function handleChangePassword() {
    setIsOpen(false);
    setIsChangingPassword(true);
  }

  async function handleLogout() {
    setIsLoggingOut(true);
    try {
      await logout();
      toast.success(MESSAGES.loggedOut);
      navigate(ADMIN_LOGIN_PATH, { replace: true });
    } catch (error) {
      toast.error(errorMessage(error));
      setIsLoggingOut(false);
    }
  }

  return (
    <div className="dropdown" ref={rootRef}>
      <button
        type="button"
        className="user-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setIsOpen((open) => !open)}
        data-testid="user-menu"
      >
        <span className="avatar" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="user-menu__who">
          <span className="user-menu__name" data-testid="user-menu-name">
            {name}
          </span>
          <span className="user-menu__role" data-testid="user-menu-role">
            {role}
          </span>
        </span>
        <ChevronDown size={16} aria-hidden="true" />
      </button>
      {isOpen && (
        <div id={menuId} className="dropdown__panel user-menu__panel" role="menu" aria-label="Account">
          <div className="user-menu__heading">
            <strong>{admin.fullName ?? name}</strong>
            <span>{role}</span>
          </div>
          <button type="button" role="menuitem" className="menu-item" onClick={handleChangePassword}>
            <KeyRound size={16} aria-hidden="true" />
            Change password
          </button>
          <button type="button" role="menuitem" className="menu-item" onClick={handleLogout} disabled={isLoggingOut}>
            <LogOut size={16} aria-hidden="true" />
            Logout
          </button>
        </div>
      )}
      <ChangePasswordDialog isOpen={isChangingPassword} onClose={() => setIsChangingPassword(false)} />
    </div>
  );
}
