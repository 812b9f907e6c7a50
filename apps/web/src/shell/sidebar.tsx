import type { AdminNavGroup } from '@guildhall/contract';
import { PanelLeftClose, PanelLeftOpen, ShieldCheck, X } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useAdminSession } from '../auth/admin-session-context';
import { BUILT_ADMIN_SCREENS } from '../screen-pages';
import { buildNav } from './nav-model';
import { SidebarGroup } from './sidebar-group';
import { SidebarLink } from './sidebar-link';
import { SystemStatus } from './system-status';
import { useDrawerFocus } from './use-drawer-focus';
import { useStoredState } from './use-stored-state';

/** The id the header's mobile toggle points at. */
export const SIDEBAR_ID = 'admin-sidebar';

interface SidebarProps {
  isCollapsed: boolean;
  /** Open as a drawer over the page (narrow screens). */
  isDrawerOpen: boolean;
  onToggleCollapsed: () => void;
  /** The close button and Escape. */
  onCloseDrawer: () => void;
  /** A screen was chosen. */
  onNavigate: () => void;
}

/** The admin navigation: every screen the admin may open, grouped as the catalog says (spec 1 §2). */
export function Sidebar({ isCollapsed, isDrawerOpen, onToggleCollapsed, onCloseDrawer, onNavigate }: SidebarProps) {
  const { admin } = useAdminSession();
  const drawerRef = useRef<HTMLElement>(null);
  useDrawerFocus(drawerRef, isDrawerOpen, onCloseDrawer);
  const [closedGroups, setClosedGroups] = useStoredState<AdminNavGroup[]>('guildhall.admin.sidebar-closed-groups', []);
  const entries = useMemo(() => (admin ? buildNav(admin.abilities.screens, BUILT_ADMIN_SCREENS) : []), [admin]);

  function handleToggleGroup(group: AdminNavGroup) {
    setClosedGroups((current) => (current.includes(group) ? current.filter((g) => g !== group) : [...current, group]));
  }

  const classes = ['sidebar', isCollapsed && 'sidebar--collapsed', isDrawerOpen && 'sidebar--mobile-open'];
  return (
    <aside ref={drawerRef} id={SIDEBAR_ID} className={classes.filter(Boolean).join(' ')} aria-label="Sidebar">
      <div className="sidebar__brand">
        <ShieldCheck className="sidebar__logo" size={26} aria-hidden="true" />
        <span className="sidebar__brand-text">
          Guildhall <small>Admin</small>
        </span>
        <button type="button" className="icon-button sidebar__close" aria-label="Close navigation" onClick={onCloseDrawer}>
          <X size={18} aria-hidden="true" />
        </button>
      </div>
      <nav className="sidebar__nav" aria-label="Admin navigation">
        <ul className="sidebar__list">
          {entries.map((entry) =>
            entry.kind === 'screen' ? (
              <li key={entry.screen.path}>
                <SidebarLink screen={entry.screen} isCollapsed={isCollapsed} onNavigate={onNavigate} />
              </li>
            ) : (
              <SidebarGroup
                key={entry.group}
                group={entry.group}
                screens={entry.screens}
                isExpanded={!closedGroups.includes(entry.group)}
                isCollapsed={isCollapsed}
                onToggle={handleToggleGroup}
                onNavigate={onNavigate}
              />
            ),
          )}
        </ul>
      </nav>
      <div className="sidebar__footer">
        <SystemStatus />
        <button
          type="button"
          className="icon-button sidebar__collapse"
          aria-label={isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-pressed={isCollapsed}
          onClick={onToggleCollapsed}
        >
          {isCollapsed ? <PanelLeftOpen size={18} aria-hidden="true" /> : <PanelLeftClose size={18} aria-hidden="true" />}
        </button>
      </div>
    </aside>
  );
}
