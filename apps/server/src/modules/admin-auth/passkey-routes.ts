import { adminPasskeyApi, PASSKEY_MESSAGES } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf } from '../../auth/require-admin';
import { contractRoute } from '../../http/contract-route';
import {
  addPasskey,
  listOwnPasskeys,
  type PasskeyDeps,
  removePasskey,
  renamePasskey,
  startPasskeyRegistration,
} from './passkey-self-service';

const TAG = 'Admin sign-in';

/** The signed-in admin's own passkeys; registered under the signed-in subtree of the admin sign-in routes. */
export function ownPasskeyRoutes(deps: PasskeyDeps): FastifyPluginAsyncZod {
  return async (signedIn) => {
    signedIn.route({
      ...contractRoute(adminPasskeyApi.list, TAG),
      handler: async (request) => ({ success: true as const, passkeys: await listOwnPasskeys(deps, adminSessionOf(request)) }),
    });

    signedIn.route({
      ...contractRoute(adminPasskeyApi.registrationOptions, TAG),
      handler: async (request) => ({
        success: true as const,
        options: await startPasskeyRegistration(deps, adminSessionOf(request), request.body.password, request.ip),
        message: PASSKEY_MESSAGES.optionsReady,
      }),
    });

    signedIn.route({
      ...contractRoute(adminPasskeyApi.add, TAG),
      handler: async (request) => {
        const { passkey, recoveryCodes } = await addPasskey(deps, adminSessionOf(request), request.body, request.ip);
        if (!recoveryCodes) return { success: true as const, passkey, message: PASSKEY_MESSAGES.added(passkey.name) };
        return { success: true as const, passkey, recoveryCodes, message: PASSKEY_MESSAGES.addedWithRecoveryCodes(passkey.name) };
      },
    });

    signedIn.route({
      ...contractRoute(adminPasskeyApi.rename, TAG),
      handler: async (request) => {
        const passkey = await renamePasskey(deps, adminSessionOf(request), request.params.id, request.body.name, request.ip);
        return { success: true as const, passkey, message: PASSKEY_MESSAGES.renamed(passkey.name) };
      },
    });

    signedIn.route({
      ...contractRoute(adminPasskeyApi.remove, TAG),
      handler: async (request) => {
        const context = adminSessionOf(request);
        const removed = await removePasskey(deps, context, request.params.id, request.body.password, request.ip);
        const message = removed.isTwoFactorStillOn
          ? PASSKEY_MESSAGES.removed(removed.name)
          : PASSKEY_MESSAGES.removedLast(removed.name);
        return { success: true as const, message };
      },
    });
  };
}
