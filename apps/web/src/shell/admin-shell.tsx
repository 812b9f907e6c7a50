import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../ui/spinner';
import { BreadcrumbNamesProvider } from './breadcrumb-names-provider';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { useStoredState } from './use-stored-state';

/** The admin console frame: sidebar, header and the current screen. */
export function AdminShell() {
  const [isCollapsed, setIsCollapsed] = useStoredState('guildhall.admin.sidebar-collapsed', false);
  const [isMobileOpen, setIsMobileOpen] = useState(false);
  const { pathname } = useLocation();

  // A navigation (link, back button, redirect) closes the mobile drawer.
  useEffect(() => {
    if (pathname) setIsMobileOpen(false);
  }, [pathname]);

  return (
    <div className={`shell${isCollapsed ? ' shell--collapsed' : ''}`}>
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <Sidebar
        isCollapsed={isCollapsed}
        isMobileOpen={isMobileOpen}
        onToggleCollapsed={() => setIsCollapsed((collapsed) => !collapsed)}
        onCloseMobile={() => setIsMobileOpen(false)}
      />
      {isMobileOpen && <div className="shell__backdrop" aria-hidden="true" onClick={() => setIsMobileOpen(false)} />}
      <div className="shell__body">
        <BreadcrumbNamesProvider>
          <Header isMobileNavOpen={isMobileOpen} onToggleMobileNav={() => setIsMobileOpen((open) => !open)} />
          <main id="admin-main" className="shell__main" tabIndex={-1}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </main>
        </BreadcrumbNamesProvider>
      </div>
    </div>
  );
}
