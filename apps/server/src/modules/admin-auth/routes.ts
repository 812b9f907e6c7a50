import { adminAuthApi, MESSAGES, welcomeBack } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf, guardAdminRoutes } from '../../auth/require-admin';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from '../../auth/session-cookie';
import { contractRoute } from '../../http/contract-route';
import { sessionLengthsOf } from '../system-settings/system-settings';
import { extendSignedInSession } from './extend-session';
import { presentSession, presentSignedIn } from './presenters';
import { changePassword, signOut } from './session-changes';
import { signIn } from './sign-in';

const TAG = 'Admin sign-in';

/** The admin sign-in API (spec 1 §7, spec 2 §7). */
export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, bus } = app;
  const { db } = app.services;

  app.route({
    ...contractRoute(adminAuthApi.login, TAG),
    handler: async (request, reply) => {
      // The limit and the session lengths are the system settings in force (issue 15), read per attempt.
      const settings = await app.systemSettings.current();
      const session = sessionLengthsOf(settings);
      const { token, context } = await signIn(
        {
          db,
          bus,
          counter: app.hitCounter,
          rateLimit: { limit: settings.adminLoginRateLimit, windowMs: config.admin.loginRateWindowMs },
          session,
        },
        { ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
      );
      setSessionCookie(reply, token, config.isSecureCookie, session.absoluteMs);
      return { ...presentSignedIn(context), message: welcomeBack(context.admin.fullName ?? context.admin.username) };
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
      handler: async (request) => presentSignedIn(adminSessionOf(request)),
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
  };
  await app.register(signedInRoutes);
};
