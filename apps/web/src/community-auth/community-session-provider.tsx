import { type CommunityUser, canInGuild, type GuildAbility, MESSAGES } from '@guildhall/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import { ApiError } from '../api/api-error';
import { fetchSignedInUser, logoutCommunity } from '../api/community-auth';
import { useToast } from '../ui/toast-context';
import { onCommunitySessionExpired } from './community-requests';
import {
  CommunitySessionContext,
  type CommunitySessionStatus,
  type CommunitySessionValue,
  type GuildStatus,
} from './community-session-context';
import { selectedGuildStore } from './selected-guild-store';
import { tokenStore } from './token-store';
import { useGuildQueries } from './use-guild-queries';
import { useSessionQuery } from './use-session-query';

const NO_PERMISSIONS: readonly string[] = [];

/**
 * Holds the community session (spec 1 §4): the session start, then the user's guilds by the selection rules
 * and the permissions of the selected guild. A community call whose refresh failed ends the session here
 * with 'Session expired. Please log in again.'
 */
export function CommunitySessionProvider({ children }: { children: ReactNode }) {
  const toast = useToast();
  const { query, signIn, updateUser, endSession, isSignedIn } = useSessionQuery();
  const session = query.data;
  const user: CommunityUser | null = session?.status === 'signed-in' ? session.user : null;
  const { guildQuery, permissionsQuery, selectedGuildId, applySelectedGuild, applyGuildList } = useGuildQueries(
    user?.id ?? null,
    user?.hasBasicAccess === true,
  );

  useEffect(
    () =>
      onCommunitySessionExpired(() => {
        // Several calls may fail together; only the first one finds the session still open.
        if (!isSignedIn()) return;
        endSession('expired');
        toast.error(MESSAGES.sessionExpired);
      }),
    [endSession, isSignedIn, toast],
  );

  const logout = useCallback(async () => {
    try {
      await logoutCommunity(tokenStore.read()?.refreshToken ?? null);
    } catch (error) {
      // Already over on the server: nothing left to end there.
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    }
    selectedGuildStore.write(null);
    endSession('logged-out');
  }, [endSession]);

  // The user's isAdmin and selectedGuildId describe the selected guild: read the user again whenever the
  // selection moves, unless the session start already read it for this very guild.
  const guildState = guildQuery.data ?? null;
  const seenGuild = useRef<{ userId: string; guildId: string | null } | null>(null);
  useEffect(() => {
    if (!user || !guildState) return;
    const guildId = guildState.selectedGuildId;
    const previous = seenGuild.current?.userId === user.id ? seenGuild.current : null;
    seenGuild.current = { userId: user.id, guildId };
    if (guildId === null || guildId === previous?.guildId) return;
    if (!previous && user.selectedGuildId === guildId) return;
    fetchSignedInUser().then(updateUser, () => undefined);
  }, [guildState, user, updateUser]);

  const { error, refetch } = query;
  const permissions = selectedGuildId ? (permissionsQuery.data ?? NO_PERMISSIONS) : NO_PERMISSIONS;
  const value = useMemo<CommunitySessionValue>(() => {
    let status: CommunitySessionStatus = 'loading';
    if (session) status = session.status;
    else if (error) status = 'error';
    let guildStatus: GuildStatus = 'idle';
    if (guildState) guildStatus = 'ready';
    else if (guildQuery.error) guildStatus = 'error';
    else if (guildQuery.isFetching || guildQuery.isPending) guildStatus = user?.hasBasicAccess ? 'loading' : 'idle';
    return {
      status,
      user,
      via: session?.status === 'signed-in' ? session.via : null,
      signedOutReason: session?.status === 'signed-out' ? (session.reason ?? null) : null,
      error,
      retry: () => void refetch(),
      guildStatus,
      guildState,
      guildError: guildQuery.error,
      retryGuilds: () => void guildQuery.refetch(),
      selectedGuild: guildState?.availableGuilds.find((guild) => guild.id === selectedGuildId) ?? null,
      permissions,
      isPermissionsLoading: selectedGuildId !== null && permissionsQuery.isPending,
      can: (ability: GuildAbility) => canInGuild(permissions, ability),
      signIn,
      updateUser,
      applySelectedGuild,
      applyGuildList,
      logout,
    };
  }, [
    session,
    error,
    refetch,
    user,
    guildState,
    guildQuery,
    selectedGuildId,
    permissions,
    permissionsQuery.isPending,
    signIn,
    updateUser,
    applySelectedGuild,
    applyGuildList,
    logout,
  ]);

  return <CommunitySessionContext value={value}>{children}</CommunitySessionContext>;
}
