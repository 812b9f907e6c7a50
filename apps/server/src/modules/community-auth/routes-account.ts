import { ACCOUNT_FIELD_MESSAGES, COMMUNITY_MESSAGES, communityAuthApi, MESSAGES, welcomeBack } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearCommunitySessionCookie, communitySessionTokenOf } from '../../auth/community-cookies';
import { authenticateCommunity, communityPrincipalOf, requireCommunityUser } from '../../auth/community-user';
import { AppError } from '../../core/app-error';
import { contractRoute } from '../../http/contract-route';
import { accountDepsOf } from './account-deps';
import { addCredentials } from './add-credentials';
import { changePassword } from './change-password';
import { resendVerification, verifyEmail } from './email-verification';
import { logIn } from './log-in';
import { logOut } from './log-out';
import { requestPasswordReset, resetPassword } from './password-reset';
import { presentUserWithAccess } from './presenters';
import { register } from './register';
import { rotateRefreshToken } from './sign-in-tokens';

const TAG = 'Community sign-in';

/** E-mail and password accounts and the tokens of a sign-in (spec 1 §7 Authentication). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = accountDepsOf(app);
  const { db } = app.services;
  const clientOf = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  });

  app.route({
    ...contractRoute(communityAuthApi.login, TAG),
    handler: async (request) => {
      const { user, tokens } = await logIn(deps, request.body, clientOf(request));
      const view = await presentUserWithAccess(deps, user);
      return { success: true as const, ...tokens, user: view, message: welcomeBack(view.globalName ?? view.username) };
    },
  });

  app.route({
    ...contractRoute(communityAuthApi.register, TAG),
    handler: async (request) => {
      const { signedIn } = await register(deps, request.body, clientOf(request));
      if (!signedIn) {
        return { success: true as const, user: null, requiresEmailVerification: true, message: MESSAGES.registrationCheckEmail };
      }
      return {
        success: true as const,
        ...signedIn.tokens,
        user: await presentUserWithAccess(deps, signedIn.user),
        requiresEmailVerification: false,
        message: COMMUNITY_MESSAGES.registrationSignedIn,
      };
    },
  });

  app.route({
    ...contractRoute(communityAuthApi.refresh, TAG),
    handler: async (request) => {
      const { tokens, user } = await rotateRefreshToken(deps, request.body.refreshToken, clientOf(request));
      return { success: true as const, ...tokens, user: await presentUserWithAccess(deps, user) };
    },
  });

  // Logging out needs no valid sign-in: whatever is presented is ended, and the cookie is cleared regardless.
  app.route({
    ...contractRoute(communityAuthApi.logout, TAG),
    handler: async (request, reply) => {
      const principal = await authenticateCommunity(request, reply).catch(() => null);
      await logOut(db, {
        refreshToken: request.body?.refreshToken,
        accessFamilyId: principal?.via === 'token' ? principal.familyId : undefined,
        sessionToken: communitySessionTokenOf(request) ?? undefined,
      });
      clearCommunitySessionCookie(reply, app.config.isSecureCookie);
      return { success: true as const, message: MESSAGES.loggedOut };
    },
  });

  app.route({
    ...contractRoute(communityAuthApi.verifyEmail, TAG),
    handler: async (request) => {
      await verifyEmail(deps, request.body.token);
      return { success: true as const, message: MESSAGES.emailVerified };
    },
  });

  app.route({
    ...contractRoute(communityAuthApi.forgotPassword, TAG),
    handler: async (request) => {
      await requestPasswordReset(deps, request.body.email, clientOf(request));
      return { success: true as const, message: MESSAGES.passwordResetRequested };
    },
  });

  app.route({
    ...contractRoute(communityAuthApi.resetPassword, TAG),
    handler: async (request) => {
      await resetPassword(deps, request.body.token, request.body.password);
      return { success: true as const, message: MESSAGES.passwordReset };
    },
  });

  // Signed in: resend to the account's address. Not signed in (an unverified address cannot log in): to `email`.
  app.route({
    ...contractRoute(communityAuthApi.resendVerification, TAG),
    handler: async (request, reply) => {
      const hasCredentials = Boolean(request.headers.authorization || communitySessionTokenOf(request));
      const email = request.body?.email;
      if (hasCredentials) {
        const principal = await authenticateCommunity(request, reply);
        await resendVerification(deps, { user: principal.user }, clientOf(request));
      } else if (email) {
        await resendVerification(deps, { email }, clientOf(request));
      } else {
        throw AppError.invalidField('email', ACCOUNT_FIELD_MESSAGES.emailRequired);
      }
      return { success: true as const, message: MESSAGES.verificationEmailSent };
    },
  });

  const signedInRoutes: FastifyPluginAsyncZod = async (signedIn) => {
    signedIn.addHook('onRequest', requireCommunityUser);

    signedIn.route({
      ...contractRoute(communityAuthApi.validate, TAG),
      handler: async (request) => ({
        success: true as const,
        valid: true,
        user: await presentUserWithAccess(deps, communityPrincipalOf(request).user),
      }),
    });

    signedIn.route({
      ...contractRoute(communityAuthApi.user, TAG),
      handler: async (request) => ({
        success: true as const,
        user: await presentUserWithAccess(deps, communityPrincipalOf(request).user),
      }),
    });

    signedIn.route({
      ...contractRoute(communityAuthApi.changePassword, TAG),
      handler: async (request) => {
        await changePassword(deps, communityPrincipalOf(request), request.body, communitySessionTokenOf(request));
        return { success: true as const, message: MESSAGES.passwordChanged };
      },
    });

    signedIn.route({
      ...contractRoute(communityAuthApi.addCredentials, TAG),
      handler: async (request) => {
        const { user, message } = await addCredentials(deps, communityPrincipalOf(request).user, request.body);
        return { success: true as const, message, user: await presentUserWithAccess(deps, user) };
      },
    });
  };
  await app.register(signedInRoutes);
};
