import { adminPasskeyApi, passkeyName } from '@guildhall/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRefreshSession } from './admin-two-factor';
import { callEndpoint, type EndpointBody } from './endpoint';
import { createPasskey } from './passkey-ceremony';

/** Query keys of the own passkeys. */
export const adminPasskeyKeys = {
  all: ['admin-passkeys'] as const,
  list: () => [...adminPasskeyKeys.all, 'list'] as const,
};

/** The add form: a name for the passkey and the current password (the server asks it before the options). */
export const addPasskeyForm = adminPasskeyApi.registrationOptions.body.extend({ name: passkeyName });

/** GET …/two-factor/passkeys: the signed-in admin's passkeys. */
export function usePasskeys() {
  return useQuery({
    queryKey: adminPasskeyKeys.list(),
    queryFn: ({ signal }) => callEndpoint(adminPasskeyApi.list, { signal }),
    select: (answer) => answer.passkeys,
  });
}

/** The list and the session's two-factor status (a first or last passkey turns it on or off) are read again. */
function useAfterPasskeyChange() {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: adminPasskeyKeys.all }), refreshSession()]);
  };
}

/**
 * Adds a passkey: the password gets the registration options, the browser makes the passkey, the server checks and
 * keeps it under the name. A first second factor answers recovery codes: the session is then read again only once
 * they were seen (refreshSession), as after enrolling the authenticator app, so they stay on screen meanwhile.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  const afterChange = useAfterPasskeyChange();
  return useMutation({
    mutationFn: async ({ name, password }: { name: string; password: string }) => {
      const { options } = await callEndpoint(adminPasskeyApi.registrationOptions, { body: { password } });
      const credential = await createPasskey(options);
      return callEndpoint(adminPasskeyApi.add, { body: { name, credential } });
    },
    onSuccess: ({ recoveryCodes }) =>
      recoveryCodes ? queryClient.invalidateQueries({ queryKey: adminPasskeyKeys.all }) : afterChange(),
  });
}

/** PATCH …/passkeys/:id: a new name for this passkey. */
export function useRenamePasskey(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof adminPasskeyApi.rename>) =>
      callEndpoint(adminPasskeyApi.rename, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPasskeyKeys.all }),
  });
}

/** DELETE …/passkeys/:id: the current password removes this passkey. */
export function useRemovePasskey(id: string) {
  const afterChange = useAfterPasskeyChange();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof adminPasskeyApi.remove>) =>
      callEndpoint(adminPasskeyApi.remove, { params: { id }, body }),
    onSuccess: afterChange,
  });
}
