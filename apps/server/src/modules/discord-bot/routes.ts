import { DISCORD_INTERACTIONS_PATH } from '@guildhall/contract';
import type { FastifyPluginAsync } from 'fastify';
import { discordBotDepsOf } from './discord-bot-deps';
import { answerWithinWindow, settleFollowUps, verifiedInteraction } from './receive-interaction';

/** Interactions are small; Discord's own limit for a message with components is far below this. */
const INTERACTION_BODY_LIMIT = 64 * 1024;

const headerOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * POST /api/discord/interactions: Discord's calls to us, authenticated by their Ed25519 signature alone (no session,
 * no CSRF header: same-origin.ts leaves this path out). The body is kept as raw bytes, since the signature covers
 * exactly them.
 */
export const discordInteractionRoutes: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const deps = discordBotDepsOf(app);
  app.addHook('onClose', settleFollowUps);

  app.post(DISCORD_INTERACTIONS_PATH, { bodyLimit: INTERACTION_BODY_LIMIT, schema: { hide: true } }, async (request, reply) => {
    const interaction = verifiedInteraction(deps, {
      signature: headerOf(request.headers['x-signature-ed25519']),
      timestamp: headerOf(request.headers['x-signature-timestamp']),
      rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
    });
    // Discord's 3 s run from when it sent the request: the time it waited here already counts.
    return answerWithinWindow(deps, interaction, reply.elapsedTime);
  });
};
