import { guildScopeApi } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { callCommunityEndpoint } from './endpoint';

/** Query keys of guild-scoped community data: each names its guild, so a switch never shows another's data. */
export const guildScopeKeys = {
  all: ['community-guild'] as const,
  overview: (guildId: string) => [...guildScopeKeys.all, guildId, 'overview'] as const,
};

/** GET /api/guild/overview for the given guild (X-Guild-ID). */
export function useGuildOverviewQuery(guildId: string) {
  return useQuery({
    queryKey: guildScopeKeys.overview(guildId),
    queryFn: ({ signal }) => callCommunityEndpoint(guildScopeApi.overview, { guildId, signal }),
  });
}
