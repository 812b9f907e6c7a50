import { COMMUNITY_NAMESPACE, type CommunityClientEvents, type CommunityServerEvents } from '@guildhall/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import { tokenStore } from '../community-auth/token-store';

/**
 * Listens on /community for these events of the guild and refreshes the queries under `queryKey` when one comes: the
 * socket carries the access token of an e-mail sign-in, and the browser sends the Discord session cookie by itself.
 */
export function useLiveRefresh(
  guildId: string,
  events: readonly (keyof CommunityServerEvents)[],
  queryKey: (guildId: string) => QueryKey,
): void {
  const queryClient = useQueryClient();
  const eventList = events.join(' ');
  useEffect(() => {
    if (!guildId) return;
    const token = tokenStore.read()?.accessToken;
    const socket: Socket<CommunityServerEvents, CommunityClientEvents> = io(COMMUNITY_NAMESPACE, {
      path: '/socket.io',
      withCredentials: true,
      auth: token ? { guildId, token } : { guildId },
    });
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKey(guildId) });
    for (const event of eventList.split(' ') as (keyof CommunityServerEvents)[]) socket.on(event, refresh);
    return () => {
      socket.close();
    };
  }, [guildId, queryClient, eventList, queryKey]);
}
