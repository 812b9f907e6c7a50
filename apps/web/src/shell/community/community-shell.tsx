import { COMMUNITY_PATHS } from '@guildhall/contract';
import { Swords } from 'lucide-react';
import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { PageSpinner } from '../../ui/spinner';
import { CommunityUserMenu } from './community-user-menu';
import { GuildSwitcher } from './guild-switcher';
import '../../styles/community.css';

/** The community app's frame: the header (brand, guild switcher, navigation, user menu) and the current page. */
export function CommunityShell() {
  const { can } = useCommunitySession();
  return (
    <div className="community-shell" data-testid="community-shell">
      <a className="skip-link" href="#community-main">
        Skip to content
      </a>
      <header className="community-header">
        <Link to={COMMUNITY_PATHS.home} className="community-header__brand" aria-label="Guildhall home">
          <span className="community-header__logo">
            <Swords size={18} aria-hidden="true" />
          </span>
          <span className="community-header__brand-text">Guildhall</span>
        </Link>
        <GuildSwitcher />
        <nav className="community-nav" aria-label="Main">
          <NavLink to={COMMUNITY_PATHS.home} end className="community-nav__link">
            Home
          </NavLink>
          <NavLink to={COMMUNITY_PATHS.raids} className="community-nav__link">
            Raids
          </NavLink>
          <NavLink to={COMMUNITY_PATHS.loot} className="community-nav__link">
            Loot
          </NavLink>
          <NavLink to={COMMUNITY_PATHS.roster} className="community-nav__link">
            Roster
          </NavLink>
          {can('manageDataSources') && (
            <NavLink to={COMMUNITY_PATHS.dataSources} className="community-nav__link">
              Data sources
            </NavLink>
          )}
          <NavLink to={COMMUNITY_PATHS.settings} className="community-nav__link">
            Settings
          </NavLink>
        </nav>
        <div className="community-header__tools">
          <CommunityUserMenu />
        </div>
      </header>
      <main id="community-main" className="community-main" tabIndex={-1}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
