import { COMMUNITY_PATHS, MESSAGES } from '@guildhall/contract';
import { ChevronDown, LogOut, Settings } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../api/api-error';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { useToast } from '../../ui/toast-context';
import { useDismiss } from '../use-dismiss';

/** The signed-in community user (avatar, name) with Settings and Logout. */
export function CommunityUserMenu() {
  const { user, logout } = useCommunitySession();
  const toast = useToast();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const handleClose = useCallback(() => setIsOpen(false), []);
  useDismiss(rootRef, isOpen, handleClose);

  if (!user) return null;
  const name = user.globalName ?? user.username;

  async function handleLogout() {
    setIsLoggingOut(true);
    try {
      await logout();
      toast.success(MESSAGES.loggedOut);
      navigate(COMMUNITY_PATHS.login, { replace: true });
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
        {user.avatarUrl ? (
          <img className="avatar" src={user.avatarUrl} alt="" />
        ) : (
          <span className="avatar" aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>
        )}
        <span className="user-menu__who">
          <span className="user-menu__name" data-testid="user-menu-name">
            {name}
          </span>
        </span>
        <ChevronDown size={16} aria-hidden="true" />
      </button>
      {isOpen && (
        <div id={menuId} className="dropdown__panel user-menu__panel" role="menu" aria-label="Account">
          <div className="user-menu__heading">
            <strong>{name}</strong>
            {user.email && <span>{user.email}</span>}
          </div>
          <Link role="menuitem" className="menu-item" to={COMMUNITY_PATHS.settings} onClick={handleClose}>
            <Settings size={16} aria-hidden="true" />
            Settings
          </Link>
          <button type="button" role="menuitem" className="menu-item" onClick={handleLogout} disabled={isLoggingOut}>
            <LogOut size={16} aria-hidden="true" />
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
