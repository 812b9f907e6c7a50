import { communityAuthApi } from '@guildhall/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { communityAuthKeys } from './community-auth';
import { callCommunityEndpoint, type EndpointBody } from './endpoint';

/** Sign-in calls answer 401 for a wrong password: that is an answer for the form, not an expired session. */
const signInCall = { onUnauthorized: 'throw', sendAccessToken: false } as const;

/** POST /auth/login. */
export function useLoginMutation() {
  return useMutation({
    mutationFn: (body: EndpointBody<typeof communityAuthApi.login>) =>
      callCommunityEndpoint(communityAuthApi.login, { ...signInCall, body }),
  });
}

/** POST /auth/register. */
export function useRegisterMutation() {
  return useMutation({
    mutationFn: (body: EndpointBody<typeof communityAuthApi.register>) =>
      callCommunityEndpoint(communityAuthApi.register, { ...signInCall, body }),
  });
}

/** POST /auth/verify-email, once per link: a query, so a re-render or a second mount never spends the token twice. */
export function useVerifyEmailQuery(token: string) {
  return useQuery({
    queryKey: [...communityAuthKeys.all, 'verify-email', token] as const,
    queryFn: () => callCommunityEndpoint(communityAuthApi.verifyEmail, { onUnauthorized: 'throw', body: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** POST /auth/resend-verification: for the signed-in user, or for the address given. */
export function useResendVerificationMutation() {
  return useMutation({
    mutationFn: (email?: string) =>
      callCommunityEndpoint(communityAuthApi.resendVerification, {
        onUnauthorized: email ? 'throw' : 'handle',
        body: email ? { email } : {},
      }),
  });
}

/** POST /auth/forgot-password. */
export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (email: string) => callCommunityEndpoint(communityAuthApi.forgotPassword, { ...signInCall, body: { email } }),
  });
}

/** POST /auth/reset-password. */
export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: EndpointBody<typeof communityAuthApi.resetPassword>) =>
      callCommunityEndpoint(communityAuthApi.resetPassword, { ...signInCall, body }),
  });
}

/** POST /auth/add-credentials for the signed-in Discord user. */
export function useAddCredentialsMutation() {
  return useMutation({
    mutationFn: (body: EndpointBody<typeof communityAuthApi.addCredentials>) =>
      callCommunityEndpoint(communityAuthApi.addCredentials, { body }),
  });
}

/** GET /auth/discord: the authorize URL (each call binds a new state to this browser). */
export const fetchDiscordSignIn = () => callCommunityEndpoint(communityAuthApi.discord, signInCall);

/** How long an authorize URL is used before a new one is asked for; the state lives 10 minutes. */
export const DISCORD_URL_FRESH_MS = 60_000;

/** Whether Discord sign-in is available: the query answers 503 DISCORD_NOT_CONFIGURED when it is not. */
export function useDiscordSignInQuery() {
  return useQuery({
    queryKey: communityAuthKeys.discordSignIn(),
    queryFn: fetchDiscordSignIn,
    retry: false,
    staleTime: DISCORD_URL_FRESH_MS,
    refetchOnWindowFocus: false,
  });
}

/** POST /auth/change-password for the signed-in user; the account's other sign-ins end. */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (body: EndpointBody<typeof communityAuthApi.changePassword>) =>
      callCommunityEndpoint(communityAuthApi.changePassword, { body }),
  });
}

/** POST /auth/discord/link: the authorize URL that links Discord to the signed-in account (binds a state to this browser). */
export function useDiscordLinkMutation() {
  return useMutation({ mutationFn: () => callCommunityEndpoint(communityAuthApi.discordLink) });
}
