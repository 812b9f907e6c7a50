import { COMMUNITY_MESSAGES, meApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { communityPrincipalOf, requireCommunityUser } from '../../auth/community-user';
import { contractRoute } from '../../http/contract-route';
import { accountDepsOf } from '../community-auth/account-deps';
import { presentUserWithAccess } from '../community-auth/presenters';
import { effectiveNotificationSettings } from './notification-settings';
import { updateNotificationSettings, updateUsername } from './queries';

const TAG = 'Community settings';

/** The signed-in community user's own profile and notification settings (/settings). */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = accountDepsOf(app);
  const { db } = app.services;
  app.addHook('onRequest', requireCommunityUser);

  app.route({
    ...contractRoute(meApi.profile, TAG),
    handler: async (request) => ({
      success: true as const,
      user: await presentUserWithAccess(deps, communityPrincipalOf(request).user),
    }),
  });

  app.route({
    ...contractRoute(meApi.updateProfile, TAG),
    handler: async (request) => {
      const { user } = communityPrincipalOf(request);
      await updateUsername(db, user.id, request.body.username);
      user.username = request.body.username;
      return {
        success: true as const,
        message: COMMUNITY_MESSAGES.profileUpdated,
        user: await presentUserWithAccess(deps, user),
      };
    },
  });

  app.route({
    ...contractRoute(meApi.notificationSettings, TAG),
    handler: async (request) => ({
      success: true as const,
      settings: effectiveNotificationSettings(communityPrincipalOf(request).user.notification_settings),
    }),
  });

  app.route({
    ...contractRoute(meApi.updateNotificationSettings, TAG),
    handler: async (request) => {
      const { user } = communityPrincipalOf(request);
      const settings = { ...effectiveNotificationSettings(user.notification_settings), ...request.body };
      await updateNotificationSettings(db, user.id, settings);
      return { success: true as const, message: COMMUNITY_MESSAGES.notificationSettingsSaved, settings };
    },
  });
};
