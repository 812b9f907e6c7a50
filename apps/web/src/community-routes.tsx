import { COMMUNITY_PATHS } from '@guildhall/contract';
import { lazy, Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { SelectedGuildGate } from './community-auth/community-route-guard';
import { CommunitySessionProvider } from './community-auth/community-session-provider';
import { CommunityArea } from './shell/community/community-area';
import { PageSpinner } from './ui/spinner';

// Each page is its own chunk, loaded with its route.
const SignInPage = lazy(() => import('./features/sign-in/sign-in-page').then((m) => ({ default: m.SignInPage })));
const RegisterPage = lazy(() => import('./features/registration/register-page').then((m) => ({ default: m.RegisterPage })));
const VerifyEmailPage = lazy(() =>
  import('./features/registration/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('./features/password-reset/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./features/password-reset/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const SelectGuildPage = lazy(() =>
  import('./features/guild-selection/select-guild-page').then((m) => ({ default: m.SelectGuildPage })),
);
const CommunityHomePage = lazy(() =>
  import('./features/community-home/community-home-page').then((m) => ({ default: m.CommunityHomePage })),
);
const SettingsPage = lazy(() => import('./features/community-settings/settings-page').then((m) => ({ default: m.SettingsPage })));
const RaidsPage = lazy(() => import('./features/raids/raids-page').then((m) => ({ default: m.RaidsPage })));
const DataSourcesPage = lazy(() =>
  import('./features/data-sources/data-sources-page').then((m) => ({ default: m.DataSourcesPage })),
);
const RaidPage = lazy(() => import('./features/raids/raid-page').then((m) => ({ default: m.RaidPage })));
const LootPage = lazy(() => import('./features/loot/loot-page').then((m) => ({ default: m.LootPage })));
const RosterPage = lazy(() => import('./features/roster/roster-page').then((m) => ({ default: m.RosterPage })));
const JoinPage = lazy(() => import('./features/guild-invites/join-page').then((m) => ({ default: m.JoinPage })));
const CommunityNotFoundPage = lazy(() =>
  import('./features/community-home/community-not-found-page').then((m) => ({ default: m.CommunityNotFoundPage })),
);

function CommunityRoot() {
  return (
    <CommunitySessionProvider>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </CommunitySessionProvider>
  );
}

/**
 * The community app: the sign-in pages and an invite's join page, and behind the sign-in the shell with home, guild
 * choice and settings.
 */
export const communityRoutes: RouteObject = {
  element: <CommunityRoot />,
  children: [
    { path: COMMUNITY_PATHS.login, element: <SignInPage /> },
    { path: COMMUNITY_PATHS.register, element: <RegisterPage /> },
    { path: COMMUNITY_PATHS.verifyEmail, element: <VerifyEmailPage /> },
    { path: COMMUNITY_PATHS.forgotPassword, element: <ForgotPasswordPage /> },
    { path: COMMUNITY_PATHS.resetPassword, element: <ResetPasswordPage /> },
    // An invite link: readable signed out, so it stands beside the sign-in pages.
    { path: `${COMMUNITY_PATHS.join}/:code`, element: <JoinPage /> },
    {
      element: <CommunityArea />,
      children: [
        {
          path: COMMUNITY_PATHS.home,
          element: (
            <SelectedGuildGate>
              <CommunityHomePage />
            </SelectedGuildGate>
          ),
        },
        {
          path: COMMUNITY_PATHS.raids,
          element: (
            <SelectedGuildGate>
              <RaidsPage />
            </SelectedGuildGate>
          ),
        },
        {
          path: COMMUNITY_PATHS.dataSources,
          element: (
            <SelectedGuildGate>
              <DataSourcesPage />
            </SelectedGuildGate>
          ),
        },
        {
          path: COMMUNITY_PATHS.raid,
          element: (
            <SelectedGuildGate>
              <RaidPage />
            </SelectedGuildGate>
          ),
        },
        {
          path: COMMUNITY_PATHS.loot,
          element: (
            <SelectedGuildGate>
              <LootPage />
            </SelectedGuildGate>
          ),
        },
        {
          path: COMMUNITY_PATHS.roster,
          element: (
            <SelectedGuildGate>
              <RosterPage />
            </SelectedGuildGate>
          ),
        },
        { path: COMMUNITY_PATHS.selectGuild, element: <SelectGuildPage /> },
        { path: COMMUNITY_PATHS.settings, element: <SettingsPage /> },
      ],
    },
    { path: '*', element: <CommunityNotFoundPage /> },
  ],
};
