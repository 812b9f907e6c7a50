import { MESSAGES } from '@guildhall/contract';
import { ChevronDown, LogOut } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../api/api-error';
import { Dropdown } from '../ui/dropdown';
import { useToast } from '../ui/toast-context';
import { ThemeChoiceGroup } from './theme-choice';
import '../styles/account-menu.css';
import { Avatar } from '../ui/avatar';

interface AccountMenuProps {
  name: string;
  /** Without one, the avatar is the name's initial. */
  avatarUrl?: string | null;
  /** A second line under the name in the trigger (the admin's role). */
  roleLabel?: string;
  /** The panel's heading and the line under it. */
  heading: string;
  detail?: string | null;
  logout: () => Promise<void>;
  /** Where the browser goes after Logout. */
  loginPath: string;
  /** The items above Logout; `close` shuts the menu. */
  children: (close: () => void) => ReactNode;
}

/** The signed-in user's avatar and name in the header, opening the account menu that ends with the theme and Logout. */
export function AccountMenu({ name, avatarUrl, roleLabel, heading, detail, logout, loginPath, children }: AccountMenuProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  async function handleLogout() {
    setIsLoggingOut(true);
    try {
      await logout();
      toast.success(MESSAGES.loggedOut);
      navigate(loginPath, { replace: true });
    } catch (error) {
      toast.error(errorMessage(error));
      setIsLoggingOut(false);
    }
  }

  return (
    <Dropdown
      triggerClassName="user-menu__trigger"
      triggerTestId="user-menu"
      panelClassName="user-menu__panel"
      panelLabel="Account"
      trigger={
        <>
          <Avatar name={name} url={avatarUrl ?? null} size={34} />
          <span className="user-menu__who visually-hidden-on-phone">
            <span className="user-menu__name" data-testid="user-menu-name">
              {name}
            </span>
            {roleLabel && (
              <span className="user-menu__role" data-testid="user-menu-role">
                {roleLabel}
              </span>
            )}
          </span>
          <ChevronDown size={16} aria-hidden="true" />
        </>
      }
    >
      {(close) => (
        <>
          <div className="user-menu__heading">
            <strong>{heading}</strong>
            {detail && <span>{detail}</span>}
          </div>
          {children(close)}
          <ThemeChoiceGroup />
          <button type="button" role="menuitem" className="menu-item" onClick={handleLogout} disabled={isLoggingOut}>
            <LogOut size={16} aria-hidden="true" />
            Logout
          </button>
        </>
      )}
    </Dropdown>
  );
}
