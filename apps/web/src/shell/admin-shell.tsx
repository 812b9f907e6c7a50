import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../ui/spinner';
import { useMediaQuery } from '../ui/use-media-query';
import { BreadcrumbNamesProvider } from './breadcrumb-names-provider';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { TwoFactorGraceBanner } from './two-factor-grace-banner';
import { useStoredState } from './use-stored-state';
import '../styles/shell.css';

/** Where the sidebar is a drawer over the page (shell.css uses the same width). */
const DRAWER_QUERY = '(max-width: 960px)';

/**
 * The admin console frame: sidebar, header and the current screen. On narrow screens the sidebar is a drawer:
 * while it is open the rest of the frame is inert (so focus stays in the drawer), Escape, its close button and
 * the backdrop close it, and focus returns to the menu button (or to the new screen after a navigation).
 */
export function AdminShell() {
  const [isCollapsed, setIsCollapsed] = useStoredState('guildhall.admin.sidebar-collapsed', false);
  const [isMobileOpen, setIsMobileOpen] = useState(false);
  const isDrawer = useMediaQuery(DRAWER_QUERY);
  const isDrawerOpen = isDrawer && isMobileOpen;
  const { pathname } = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const focusAfterClose = useRef<HTMLElement | null>(null);

  // A navigation (link, back button, redirect) closes the drawer; so does widening the window past it.
  useEffect(() => {
    if (pathname || !isDrawer) setIsMobileOpen(false);
  }, [pathname, isDrawer]);

  // Focus moves once the frame is no longer inert.
  useEffect(() => {
    if (isDrawerOpen) return;
    focusAfterClose.current?.focus({ preventScroll: true });
    focusAfterClose.current = null;
  }, [isDrawerOpen]);

  const closeDrawer = useCallback(
    (focusTarget: 'toggle' | 'main') => {
      if (!isDrawerOpen) return;
      focusAfterClose.current = focusTarget === 'toggle' ? toggleRef.current : mainRef.current;
      setIsMobileOpen(false);
    },
    [isDrawerOpen],
  );
  const handleCloseDrawer = useCallback(() => closeDrawer('toggle'), [closeDrawer]);

  return (
    <div className={`shell${isCollapsed ? ' shell--collapsed' : ''}`}>
      <a className="skip-link" href="#admin-main" inert={isDrawerOpen}>
        Skip to content
      </a>
      <Sidebar
        isCollapsed={isCollapsed}
        isDrawerOpen={isDrawerOpen}
        onToggleCollapsed={() => setIsCollapsed((collapsed) => !collapsed)}
        onCloseDrawer={handleCloseDrawer}
        onNavigate={() => closeDrawer('main')}
      />
      {isDrawerOpen && <div className="shell__backdrop" aria-hidden="true" onClick={handleCloseDrawer} />}
      <div className="shell__body" inert={isDrawerOpen}>
        <BreadcrumbNamesProvider>
          <Header
            toggleRef={toggleRef}
            isMobileNavOpen={isDrawerOpen}
            onToggleMobileNav={() => setIsMobileOpen((open) => !open)}
          />
          <main id="admin-main" ref={mainRef} className="shell__main" tabIndex={-1}>
            <TwoFactorGraceBanner />
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </main>
        </BreadcrumbNamesProvider>
      </div>
    </div>
  );
}
