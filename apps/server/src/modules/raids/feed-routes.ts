import { RAID_FEED_MESSAGES, raidFeedApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guildMemberOf } from '../../auth/guild-member';
import { requireGuild } from '../../auth/require-guild';
import { contractRoute } from '../../http/contract-route';
import { makeFeedAddress, readFeed, revokeFeed } from './calendar-feed';
import { renderMemberFeed } from './ical-feed';
import { raidsDepsOf } from './raids-deps';

const TAG = 'Raids';

/** A member's own feed address: its state, a new one, revoking it (any member with guild.view). */
const memberFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireGuild(['guild.view']));
  const deps = raidsDepsOf(app);

  app.route({
    ...contractRoute(raidFeedApi.read, TAG),
    handler: async (request) => ({ success: true as const, feed: await readFeed(deps, guildMemberOf(request)) }),
  });

  app.route({
    ...contractRoute(raidFeedApi.create, TAG),
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return {
        success: true as const,
        message: RAID_FEED_MESSAGES.created,
        ...(await makeFeedAddress(deps, guildMemberOf(request))),
      };
    },
  });

  app.route({
    ...contractRoute(raidFeedApi.revoke, TAG),
    handler: async (request) => {
      await revokeFeed(deps, guildMemberOf(request));
      return { success: true as const, message: RAID_FEED_MESSAGES.revoked };
    },
  });
};

/** The calendar feed itself: no session (calendar apps have none), the secret address is the key. */
const publicFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl } = raidsDepsOf(app);
  app.route({
    ...contractRoute(raidFeedApi.feed, TAG),
    handler: async (request, reply) => {
      const text = await renderMemberFeed({ ...app.services, publicUrl }, request.params.token);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Cache-Control', 'private, max-age=300')
        .header('Content-Disposition', 'inline; filename="guildhall-raids.ics"')
        .send(text);
    },
  });
};

/** The iCalendar feed of a member's raids, and the calls that manage its secret address. */
export const raidFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(memberFeedRoutes);
  await app.register(publicFeedRoutes);
};
