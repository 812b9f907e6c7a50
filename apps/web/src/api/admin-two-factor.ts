import { adminTwoFactorApi } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAuthKeys } from './admin-auth';
import { callEndpoint, type EndpointBody } from './endpoint';

/**
 * The signed-in admin's own two-factor sign-in (TOTP). Setting up changes nothing yet; every call that turns it on
 * or off reads the session again, whose two-factor status the console's banner and guard follow. Turning on is
 * read again only once the recovery codes were seen (refreshSession), so they stay on screen meanwhile.
 */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminAuthKeys.session() });
}

/** POST …/totp/setup: the password; answers the otpauth URI and the secret. */
export function useStartTotpSetup() {
  return useMutation({
    mutationFn: (body: EndpointBody<typeof adminTwoFactorApi.setup>) => callEndpoint(adminTwoFactorApi.setup, { body }),
  });
}

/** POST …/totp/confirm: a code from the app turns it on; answers the recovery codes once. */
export function useConfirmTotp() {
  return useMutation({
    mutationFn: (body: EndpointBody<typeof adminTwoFactorApi.confirm>) => callEndpoint(adminTwoFactorApi.confirm, { body }),
  });
}

/** POST …/recovery-codes: the current password; answers new recovery codes once. */
export function useRegenerateRecoveryCodes() {
  return useMutation({
    mutationFn: (body: EndpointBody<typeof adminTwoFactorApi.regenerateRecoveryCodes>) =>
      callEndpoint(adminTwoFactorApi.regenerateRecoveryCodes, { body }),
  });
}

/** DELETE …/totp: the password and a code turn it off. */
export function useDisableTotp() {
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof adminTwoFactorApi.disable>) => callEndpoint(adminTwoFactorApi.disable, { body }),
    onSuccess: refreshSession,
  });
}
