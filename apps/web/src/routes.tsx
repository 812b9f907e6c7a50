import { ADMIN_SCREENS, type AdminScreen } from '@guildhall/contract';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';
import { AdminRouteGuard } from './auth/admin-route-guard';
import { AdminSessionProvider } from './auth/admin-session-provider';
import { ADMIN_HOME, ADMIN_LOGIN_PATH, TWO_FACTOR_PATH } from './auth/login-path';
import { communityRoutes } from './community-routes';
import { RouteErrorBoundary } from './features/placeholder/route-error-boundary';
import { BUILT_ADMIN_SCREENS, BUILT_ROUTE_ALIASES, SCREEN_PAGES, SCREEN_SUB_PAGES, type ScreenSubPage } from './screen-pages';
import { AdminArea } from './shell/admin-area';
import { PageSpinner } from './ui/spinner';

// Admin pages load with their route: each page is its own chunk (the screens' own pages are in screen-pages.ts).
const AdminLoginPage = lazy(() => import('./features/admin-login/admin-login-page').then((m) => ({ default: m.AdminLoginPage })));
const GuildDataPage = lazy(() => import('./features/guilds/data/guild-data-page').then((m) => ({ default: m.GuildDataPage })));
const LinkingTestPage = lazy(() =>
  import('./features/linking-test/linking-test-page').then((m) => ({ default: m.LinkingTestPage })),
);
const TwoFactorPage = lazy(() => import('./features/two-factor/two-factor-page').then((m) => ({ default: m.TwoFactorPage })));
// Not on the sign-in pages' first paint: the banner shows once its chunk and the platform status arrive.
const MaintenanceBanner = lazy(() => import('./ui/maintenance-banner').then((m) => ({ default: m.MaintenanceBanner })));
const NotFoundPage = lazy(() => import('./features/placeholder/not-found-page').then((m) => ({ default: m.NotFoundPage })));

/** Pages below a screen, guarded by that screen's permissions. */
const SUB_PAGES: { path: string; screenPath: string; element: ReactNode }[] = [
  { path: '/admin/guilds/:id/data', screenPath: '/admin/guilds', element: <GuildDataPage /> },
  // The data view's breadcrumbs link the guild's own path; it has no page of its own.
  { path: '/admin/guilds/:id', screenPath: '/admin/guilds', element: <Navigate to="data" replace /> },
  { path: '/admin/character-discovery/test', screenPath: '/admin/character-discovery', element: <LinkingTestPage /> },
];

function subPageRoute({ path, screenPath, element }: (typeof SUB_PAGES)[number]): RouteObject {
  const screen = ADMIN_SCREENS.find((candidate) => candidate.path === screenPath);
  return { path, element: <AdminRouteGuard anyOf={screen?.anyOf ?? ['admin.full_access']}>{element}</AdminRouteGuard> };
}

/** A sub page of screen-pages.ts, given its screen's catalog entry. */
function screenSubPageRoute({ path, screenPath, Page }: ScreenSubPage): RouteObject {
  const screen = ADMIN_SCREENS.find((candidate) => candidate.path === screenPath);
  return subPageRoute({ path, screenPath, element: screen ? <Page screen={screen} /> : <NotFoundPage /> });
}

function screenRoute(screen: AdminScreen): RouteObject {
  const Page = SCREEN_PAGES[screen.path]!;
  const element = (
    <AdminRouteGuard anyOf={screen.anyOf}>
      <Page screen={screen} />
    </AdminRouteGuard>
  );
  return screen.path === ADMIN_HOME ? { index: true, element } : { path: screen.path, element };
}

/** Goes to the alias's screen with the same query, so a filtered link by either name shows the same view. */
function AliasRedirect({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: to, search }} replace />;
}

function aliasRoute([path, target]: [string, string]): RouteObject {
  return { path, element: <AliasRedirect to={target} /> };
}

function AdminRoot() {
  return (
    <AdminSessionProvider>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </AdminSessionProvider>
  );
}

/** Every route renders inside this: what one throws shows the error page until the next navigation. */
function AppRoot() {
  const { key } = useLocation();
  return (
    <RouteErrorBoundary locationKey={key}>
      <Suspense fallback={null}>
        <MaintenanceBanner />
      </Suspense>
      <Outlet />
    </RouteErrorBoundary>
  );
}

/** Every route of the app. */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      communityRoutes,
      {
        path: ADMIN_HOME,
        element: <AdminRoot />,
        children: [
          { path: ADMIN_LOGIN_PATH, element: <AdminLoginPage /> },
          {
            element: <AdminArea />,
            children: [
              ...BUILT_ADMIN_SCREENS.map(screenRoute),
              ...SUB_PAGES.map(subPageRoute),
              ...SCREEN_SUB_PAGES.map(screenSubPageRoute),
              ...BUILT_ROUTE_ALIASES.map(aliasRoute),
              // The signed-in admin's own account, for every admin: no screen of the catalog, reached from the account menu.
              {
                path: TWO_FACTOR_PATH,
                element: (
                  <AdminRouteGuard>
                    <TwoFactorPage />
                  </AdminRouteGuard>
                ),
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The app's routes in declarative mode (inside BrowserRouter): the data router's loaders and actions would add
 * some 16 kB (gzip) to every page's first paint, and server state lives in TanStack Query instead.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
