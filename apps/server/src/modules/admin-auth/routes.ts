import {
  adminAuthApi,
  adminPasskeySignInApi,
  adminTwoFactorApi,
  MESSAGES,
  PASSKEY_MESSAGES,
  TWO_FACTOR_ACCOUNT_MESSAGES,
  TWO_FACTOR_MESSAGES,
  welcomeBack,
} from '@guildhall/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf, guardAdminRoutes } from '../../auth/require-admin';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from '../../auth/session-cookie';
import { twoFactorStatusOfAdmin } from '../../auth/two-factor-requirement';
import { contractRoute } from '../../http/contract-route';
import { sessionLengthsOf } from '../../services/system-settings';
import { extendSignedInSession } from './extend-session';
import { ownPasskeyRoutes } from './passkey-routes';
import { presentSession, presentSignedIn } from './presenters';
import { passkeySignInOptions, signInWithPasskey, signInWithSecondFactor } from './second-step';
import { changePassword, signOut } from './session-changes';
import { type SignInDeps, type SignInOutcome, signIn } from './sign-in';
import { confirmTotpSetup, disableTotp, regenerateRecoveryCodes, startTotpSetup } from './two-factor-self-service';

const TAG = 'Admin sign-in';

/** The admin sign-in API (spec 1 §7, spec 2 §7). */
export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, bus } = app;
  const { db } = app.services;
  const sealingKey = async () => (await app.signingKeys()).sealing;

  /** The limit and the session lengths are the system settings in force (issue 15), read per attempt. */
  const signInDeps = async (): Promise<SignInDeps> => {
    const settings = await app.systemSettings.current();
    return {
      db,
      bus,
      counter: app.hitCounter,
      rateLimit: { limit: settings.adminLoginRateLimit, windowMs: config.admin.loginRateWindowMs },
      session: sessionLengthsOf(settings),
    };
  };

  /** The second step's: sign-in's, the key of the sealed TOTP secrets, and the passkeys' relying party. */
  const secondStepDeps = async () => ({ ...(await signInDeps()), sealingKey, webAuthn: config.webAuthn });
  const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

  /** A session opened: its cookie and the signed-in body. */
  const signedInAnswer = (reply: FastifyReply, deps: SignInDeps, outcome: SignInOutcome) => {
    if (outcome.kind !== 'session') throw new Error('the second step of sign-in did not open a session');
    setSessionCookie(reply, outcome.token, config.isSecureCookie, deps.session?.absoluteMs);
    const { admin } = outcome.context;
    return { ...presentSignedIn(outcome.context), message: welcomeBack(admin.fullName ?? admin.username) };
  };

  app.route({
    ...contractRoute(adminAuthApi.login, TAG),
    handler: async (request, reply) => {
      const deps = await signInDeps();
      const outcome = await signIn(deps, { ...request.body, ...clientOf(request) });
      if (outcome.kind === 'challenge') {
        return {
          success: true as const,
          twoFactorRequired: true as const,
          challenge: outcome.challenge,
          expiresAt: outcome.expiresAt.toISOString(),
          methods: outcome.methods,
          message: outcome.methods.includes('totp') ? TWO_FACTOR_MESSAGES.secondStepNeeded : PASSKEY_MESSAGES.secondStepNeeded,
        };
      }
      return signedInAnswer(reply, deps, outcome);
    },
  });

  app.route({
    ...contractRoute(adminAuthApi.loginSecondStep, TAG),
    handler: async (request, reply) => {
      const deps = await secondStepDeps();
      return signedInAnswer(reply, deps, await signInWithSecondFactor(deps, { ...request.body, ...clientOf(request) }));
    },
  });

  app.route({
    ...contractRoute(adminPasskeySignInApi.options, TAG),
    handler: async (request) => ({
      success: true as const,
      options: await passkeySignInOptions(await secondStepDeps(), { ...request.body, ...clientOf(request) }),
      message: PASSKEY_MESSAGES.optionsReady,
    }),
  });

  app.route({
    ...contractRoute(adminPasskeySignInApi.verify, TAG),
    handler: async (request, reply) => {
      const deps = await secondStepDeps();
      return signedInAnswer(reply, deps, await signInWithPasskey(deps, { ...request.body, ...clientOf(request) }));
    },
  });

  // Signing out needs no valid session: an expired one is cleared all the same.
  app.route({
    ...contractRoute(adminAuthApi.logout, TAG),
    handler: async (request, reply) => {
      const token = sessionTokenOf(request);
      if (token) await signOut({ db, bus }, token, request.ip);
      clearSessionCookie(reply, config.isSecureCookie);
      return { success: true as const, message: MESSAGES.loggedOut };
    },
  });

  const signedInRoutes: FastifyPluginAsyncZod = async (signedIn) => {
    guardAdminRoutes(signedIn);

    signedIn.route({
      ...contractRoute(adminAuthApi.me, TAG),
      handler: async (request) => {
        const context = adminSessionOf(request);
        return { ...presentSignedIn(context), twoFactor: await twoFactorStatusOfAdmin(app, context.admin) };
      },
    });

    signedIn.route({
      ...contractRoute(adminAuthApi.extendSession, TAG),
      handler: async (request) => {
        const context = await extendSignedInSession(db, adminSessionOf(request));
        return { success: true as const, session: presentSession(context), expiresAt: context.expiresAt.toISOString() };
      },
    });

    signedIn.route({
      ...contractRoute(adminAuthApi.changePassword, TAG),
      handler: async (request) => {
        await changePassword({ db, bus }, adminSessionOf(request), request.body, request.ip);
        return { success: true as const, message: MESSAGES.passwordChanged };
      },
    });

    // The own two-factor sign-in (TOTP; passkeys below): every change that weakens it asks for the password or a
    // code, not the session alone.
    const twoFactorDeps = { db, sealingKey };
    signedIn.route({
      ...contractRoute(adminTwoFactorApi.setup, TAG),
      handler: async (request) => ({
        success: true as const,
        ...(await startTotpSetup(twoFactorDeps, adminSessionOf(request), request.body.password, request.ip)),
        message: TWO_FACTOR_MESSAGES.setupStarted,
      }),
    });

    signedIn.route({
      ...contractRoute(adminTwoFactorApi.confirm, TAG),
      handler: async (request) => ({
        success: true as const,
        recoveryCodes: await confirmTotpSetup(twoFactorDeps, adminSessionOf(request), request.body.code, request.ip),
        message: TWO_FACTOR_MESSAGES.enabled,
      }),
    });

    signedIn.route({
      ...contractRoute(adminTwoFactorApi.disable, TAG),
      handler: async (request) => {
        const { isStillOn } = await disableTotp(twoFactorDeps, adminSessionOf(request), request.body, request.ip);
        return {
          success: true as const,
          message: isStillOn ? TWO_FACTOR_ACCOUNT_MESSAGES.authenticatorRemoved : TWO_FACTOR_MESSAGES.disabled,
        };
      },
    });

    signedIn.route({
      ...contractRoute(adminTwoFactorApi.regenerateRecoveryCodes, TAG),
      handler: async (request) => ({
        success: true as const,
        recoveryCodes: await regenerateRecoveryCodes(twoFactorDeps, adminSessionOf(request), request.body.password, request.ip),
        message: TWO_FACTOR_MESSAGES.regenerated,
      }),
    });

    await signedIn.register(ownPasskeyRoutes({ db, webAuthn: config.webAuthn }));
  };
  await app.register(signedInRoutes);
};
