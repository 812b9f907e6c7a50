import type { AdminNavGroup, AdminScreen } from '@guildhall/contract';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { useLocation } from 'react-router';
import { groupIcon } from './nav-icons';
import { SidebarLink } from './sidebar-link';

interface SidebarGroupProps {
  group: AdminNavGroup;
  screens: AdminScreen[];
  isExpanded: boolean;
  isCollapsed: boolean;
  onToggle: (group: AdminNavGroup) => void;
  onNavigate: () => void;
}

/** A group of screens that expands and collapses; collapsed to icons it lists its screens flat. */
export function SidebarGroup({ group, screens, isExpanded, isCollapsed, onToggle, onNavigate }: SidebarGroupProps) {
  const listId = useId();
  const { pathname } = useLocation();
  const Icon = groupIcon(group);
  const hasActive = screens.some((screen) => pathname === screen.path || pathname.startsWith(`${screen.path}/`));
  const isOpen = isCollapsed || isExpanded;

  return (
    <li className={`sidebar__group${hasActive ? ' sidebar__group--active' : ''}`}>
      {!isCollapsed && (
        <button
          type="button"
          className="sidebar__group-toggle"
          aria-expanded={isExpanded}
          aria-controls={listId}
          onClick={() => onToggle(group)}
        >
          <Icon className="sidebar__icon" size={18} aria-hidden="true" />
          <span className="sidebar__label">{group}</span>
          <ChevronDown className="sidebar__chevron" size={16} aria-hidden="true" />
        </button>
      )}
      <ul id={listId} className="sidebar__sublist" hidden={!isOpen} aria-label={group}>
        {screens.map((screen) => (
          <li key={screen.path}>
            <SidebarLink screen={screen} isCollapsed={isCollapsed} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </li>
  );
}
