import { adminAuthApi, type TwoFactorMethod } from '@guildhall/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { callEndpoint, type EndpointBody, type EndpointResponse } from './endpoint';

/** The signed-in admin with the session, as GET /api/admin/auth/me answers. */
export type AdminMe = EndpointResponse<typeof adminAuthApi.me>;

/** Why there is no admin session: the server's code, or what the browser did. */
export type SignedOutReason = 'INVALID_SESSION' | 'UNAUTHENTICATED' | 'LOGGED_OUT' | 'FORCED_LOGOUT';

/** The admin session as the console knows it. */
export type AdminSessionState = { status: 'authenticated'; me: AdminMe } | { status: 'unauthenticated'; reason: SignedOutReason };

/** Query keys of the admin sign-in resource. */
export const adminAuthKeys = {
  all: ['admin-auth'] as const,
  session: () => [...adminAuthKeys.all, 'session'] as const,
};

/** Reads the session; a 401 is an answer here (signed out), not an error. */
export async function fetchAdminSession(signal?: AbortSignal): Promise<AdminSessionState> {
  try {
    const me = await callEndpoint(adminAuthApi.me, { signal, onUnauthorized: 'throw' });
    return { status: 'authenticated', me };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      return { status: 'unauthenticated', reason: error.code === 'INVALID_SESSION' ? 'INVALID_SESSION' : 'UNAUTHENTICATED' };
    }
    throw error;
  }
}

/** The first step of sign-in: a session, or (two-factor sign-in on) a challenge waiting for one of the second factors. */
export type AdminSignInStep =
  | { kind: 'session' }
  | { kind: 'challenge'; challenge: string; expiresAt: string; methods: TwoFactorMethod[] };

/** POST /api/admin/auth/login. An admin with two-factor sign-in on gets a challenge instead of a session. */
export async function loginAdmin(body: EndpointBody<typeof adminAuthApi.login>): Promise<AdminSignInStep> {
  const answer = await callEndpoint(adminAuthApi.login, { body, onUnauthorized: 'throw' });
  if ('twoFactorRequired' in answer) {
    return { kind: 'challenge', challenge: answer.challenge, expiresAt: answer.expiresAt, methods: answer.methods };
  }
  return { kind: 'session' };
}

/** POST /api/admin/auth/login/two-factor: the challenge and a TOTP or recovery code open the session. */
export async function loginAdminSecondStep(body: EndpointBody<typeof adminAuthApi.loginSecondStep>): Promise<void> {
  await callEndpoint(adminAuthApi.loginSecondStep, { body, onUnauthorized: 'throw' });
}

/** POST /api/admin/auth/logout; an already-ended session counts as logged out. */
export async function logoutAdmin(): Promise<void> {
  try {
    await callEndpoint(adminAuthApi.logout, { onUnauthorized: 'throw' });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}

/** Changes the signed-in admin's password. */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (body: EndpointBody<typeof adminAuthApi.changePassword>) => callEndpoint(adminAuthApi.changePassword, { body }),
  });
}
