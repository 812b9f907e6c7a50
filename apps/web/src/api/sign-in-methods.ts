import { communityAuthApi } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { callCommunityEndpoint } from './endpoint';

/** Query keys of the sign-in methods: not a "community-" key, so signing in or out keeps the answer. */
export const signInMethodKeys = { all: ['sign-in-methods'] as const };

/** GET /auth/providers: what the sign-in pages may offer (Discord, e-mail sign-up, verification); public. */
export function useSignInMethodsQuery() {
  return useQuery({
    queryKey: signInMethodKeys.all,
    queryFn: () => callCommunityEndpoint(communityAuthApi.signInMethods, { onUnauthorized: 'throw', sendAccessToken: false }),
    // Server settings: they change with a restart, not while a page is open.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
