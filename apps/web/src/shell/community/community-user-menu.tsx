import { COMMUNITY_PATHS } from '@guildhall/contract';
import { CalendarDays, Database, Gem, Settings, Users } from 'lucide-react';
import { Link } from 'react-router';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { AccountMenu } from '../account-menu';

/** The signed-in community user (avatar, name) with Raids, Loot, Roster, Data sources (officers), Settings and Logout. */
export function CommunityUserMenu() {
  const { user, logout, can } = useCommunitySession();
  if (!user) return null;
  const name = user.globalName ?? user.username;

  return (
    <AccountMenu
      name={name}
      avatarUrl={user.avatarUrl}
      heading={name}
      detail={user.email}
      logout={logout}
      loginPath={COMMUNITY_PATHS.login}
    >
      {(close) => (
        <>
          {/* The header hides its navigation at phone width: raids and loot are reached from here there. */}
          <Link role="menuitem" className="menu-item" to={COMMUNITY_PATHS.raids} onClick={close}>
            <CalendarDays size={16} aria-hidden="true" />
            Raids
          </Link>
          <Link role="menuitem" className="menu-item" to={COMMUNITY_PATHS.loot} onClick={close}>
            <Gem size={16} aria-hidden="true" />
            Loot
          </Link>
          <Link role="menuitem" className="menu-item" to={COMMUNITY_PATHS.roster} onClick={close}>
            <Users size={16} aria-hidden="true" />
            Roster
          </Link>
          {can('manageDataSources') && (
            <Link role="menuitem" className="menu-item" to={COMMUNITY_PATHS.dataSources} onClick={close}>
              <Database size={16} aria-hidden="true" />
              Data sources
            </Link>
          )}
          <Link role="menuitem" className="menu-item" to={COMMUNITY_PATHS.settings} onClick={close}>
            <Settings size={16} aria-hidden="true" />
            Settings
          </Link>
        </>
      )}
    </AccountMenu>
  );
}
