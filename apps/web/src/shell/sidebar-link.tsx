import type { AdminScreen } from '@guildhall/contract';
import { NavLink } from 'react-router';
import { screenIcon } from './nav-icons';

interface SidebarLinkProps {
  screen: AdminScreen;
  isCollapsed: boolean;
  onNavigate: () => void;
}

/** One screen in the sidebar; NavLink marks the active one with aria-current="page". */
export function SidebarLink({ screen, isCollapsed, onNavigate }: SidebarLinkProps) {
  const Icon = screenIcon(screen.path);
  return (
    <NavLink
      to={screen.path}
      end={screen.exact}
      className="sidebar__link"
      title={isCollapsed ? screen.label : undefined}
      onClick={onNavigate}
    >
      <Icon className="sidebar__icon" size={18} aria-hidden="true" />
      <span className="sidebar__label">{screen.label}</span>
    </NavLink>
  );
}
