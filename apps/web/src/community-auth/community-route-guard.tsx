import { COMMUNITY_PATHS } from '@guildhall/contract';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { SessionFailed, SessionLoading } from '../ui/session-screens';
import { buildSignInPath, withReturnPath } from './community-paths';
import { useCommunitySession } from './community-session-context';
import { VerifyEmailRequired } from './verify-email-required';

/**
 * Lets a signed-in community user through: waits for the session start, sends a signed-out visitor to the
 * sign-in page with the original location, and holds back an account whose e-mail must be verified first.
 */
export function CommunityRouteGuard({ children }: { children: ReactNode }) {
  const { status, user, signedOutReason, error, retry } = useCommunitySession();
  const location = useLocation();

  if (status === 'loading') return <SessionLoading label="Signing you in..." data-testid="community-loading" />;
  if (status === 'error') return <SessionFailed error={error} onRetry={retry} />;
  if (status === 'signed-out' || !user) {
    // After a chosen logout, the next sign-in starts at the home page.
    const target =
      signedOutReason === 'logged-out' ? COMMUNITY_PATHS.login : buildSignInPath(`${location.pathname}${location.search}`);
    return <Navigate to={target} replace />;
  }
  if (!user.hasBasicAccess) return <VerifyEmailRequired />;
  return children;
}

/** Lets the user through once a guild is selected; otherwise to the guild picker (spec 1 §4). */
export function SelectedGuildGate({ children }: { children: ReactNode }) {
  const { guildStatus, guildState, guildError, retryGuilds } = useCommunitySession();
  const location = useLocation();

  if (guildStatus === 'error') return <SessionFailed error={guildError} onRetry={retryGuilds} />;
  if (!guildState) return <SessionLoading label="Loading your guilds..." data-testid="community-loading" />;
  if (guildState.requiresGuildSelection) {
    return <Navigate to={withReturnPath(COMMUNITY_PATHS.selectGuild, `${location.pathname}${location.search}`)} replace />;
  }
  return children;
}
