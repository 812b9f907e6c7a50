import { Menu } from 'lucide-react';
import type { Ref } from 'react';
import { Breadcrumbs } from './breadcrumbs';
import { ConnectionIndicator } from './connection-indicator';
import { NotificationBell } from './notification-bell';
import { SIDEBAR_ID } from './sidebar';
import { UserMenu } from './user-menu';

interface HeaderProps {
  /** The menu button, where focus returns when the drawer closes. */
  toggleRef: Ref<HTMLButtonElement>;
  isMobileNavOpen: boolean;
  onToggleMobileNav: () => void;
}

/** The top bar: mobile menu toggle, breadcrumbs, live connection, notifications and the user menu. */
export function Header({ toggleRef, isMobileNavOpen, onToggleMobileNav }: HeaderProps) {
  return (
    <header className="header">
      <button
        ref={toggleRef}
        type="button"
        className="icon-button header__menu"
        aria-label="Toggle navigation"
        aria-controls={SIDEBAR_ID}
        aria-expanded={isMobileNavOpen}
        onClick={onToggleMobileNav}
        data-testid="mobile-nav-toggle"
      >
        <Menu size={20} aria-hidden="true" />
      </button>
      <Breadcrumbs />
      <div className="header__tools">
        <ConnectionIndicator />
        <NotificationBell />
        <UserMenu />
      </div>
    </header>
  );
}
