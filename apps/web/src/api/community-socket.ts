import { COMMUNITY_NAMESPACE, type CommunityClientEvents, type CommunityServerEvents } from '@guildhall/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { io, type Socket } from 'socket.io-client';
import { tokenStore } from '../community-auth/token-store';

/** The /community socket of one guild. */
export type CommunitySocket = Socket<CommunityServerEvents, CommunityClientEvents>;

/**
 * A /community socket for the guild while the component is mounted (none for an empty guild id), and what `listen`
 * hangs on it: the socket carries the access token of an e-mail sign-in, and the browser sends the Discord session
 * cookie by itself. The server puts it in the guild's rooms (and an officer's in the guild's Sources room).
 */
export function useCommunitySocket(guildId: string, listen: (socket: CommunitySocket) => void): void {
  const onSocket = useEffectEvent(listen);
  useEffect(() => {
    if (!guildId) return;
    const token = tokenStore.read()?.accessToken;
    const socket: CommunitySocket = io(COMMUNITY_NAMESPACE, {
      path: '/socket.io',
      withCredentials: true,
      auth: token ? { guildId, token } : { guildId },
    });
    onSocket(socket);
    return () => {
      socket.close();
    };
  }, [guildId]);
}

/** Refreshes the queries under `queryKey` when one of these events of the guild comes on /community. */
export function useLiveRefresh(
  guildId: string,
  events: readonly (keyof CommunityServerEvents)[],
  queryKey: (guildId: string) => QueryKey,
): void {
  const queryClient = useQueryClient();
  useCommunitySocket(guildId, (socket) => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKey(guildId) });
    for (const event of events) socket.on(event, refresh);
  });
}
