import { characterDiscoveryApi } from '@guildhall/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf, guardAdminRoutes } from '../../auth/require-admin';
import type { Requester } from '../../core/audit';
import { adminActor } from '../../core/audit';
import { contractRoute } from '../../http/contract-route';
import { CHARACTER_DISCOVERY_ACCESS } from './access';
import { applyAutoLinks } from './apply-auto-links';
import { findAutoLinks } from './find-auto-links';
import { linkCharacter } from './link-character';
import type { LinkingDeps } from './linking-deps';
import { listMembers } from './list-members';
import { listUnlinkedCharacters } from './list-unlinked-characters';
import { memberSyncJob } from './member-sync-job';
import { readDiscoverySummary } from './read-discovery-summary';
import { type MemberSyncDeps, readSyncJob, startMemberSync } from './start-member-sync';
import { unlinkCharacter } from './unlink-character';

const TAG = 'Character discovery';
const api = characterDiscoveryApi;

const requesterOf = (request: FastifyRequest): Requester => ({
  actor: adminActor(adminSessionOf(request).admin),
  ip: request.ip,
});

/** Character discovery, linking, auto-linking and member sync (spec 1 §7): whoever may open Character Discovery. */
export const characterLinkingRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, CHARACTER_DISCOVERY_ACCESS);
  const deps: LinkingDeps = { db: app.services.db, bus: app.bus };
  const rest = app.services.discordRest;
  const sync: MemberSyncDeps = {
    db: deps.db,
    jobs: app.jobs,
    memberSync: memberSyncJob({ rest }),
    hasBotToken: rest.hasBotToken,
  };
  app.jobs.register(sync.memberSync);

  app.route({
    ...contractRoute(api.summary, TAG),
    handler: async (request) => ({
      success: true as const,
      ...(await readDiscoverySummary(deps.db, request.query.guildId, sync.hasBotToken)),
    }),
  });

  app.route({
    ...contractRoute(api.unlinkedCharacters, TAG),
    handler: async (request) => ({ success: true as const, ...(await listUnlinkedCharacters(deps.db, request.query)) }),
  });

  app.route({
    ...contractRoute(api.members, TAG),
    handler: async (request) => ({ success: true as const, ...(await listMembers(deps.db, request.query)) }),
  });

  app.route({
    ...contractRoute(api.link, TAG),
    handler: async (request) => ({ success: true as const, ...(await linkCharacter(deps, request.body, requesterOf(request))) }),
  });

  app.route({
    ...contractRoute(api.unlink, TAG),
    handler: async (request) => {
      const target = { guildId: request.query.guildId, linkId: request.params.linkId };
      return { success: true as const, ...(await unlinkCharacter(deps, target, requesterOf(request))) };
    },
  });

  app.route({
    ...contractRoute(api.syncMembers, TAG),
    handler: async (request, reply) => {
      const started = await startMemberSync(sync, request.body.guildId, requesterOf(request));
      return reply.code(202).send({ success: true as const, ...started });
    },
  });

  app.route({
    ...contractRoute(api.syncJob, TAG),
    handler: async (request) => ({ success: true as const, job: await readSyncJob(sync, request.params.jobId) }),
  });

  app.route({
    ...contractRoute(api.findAll, TAG),
    handler: async (request) => ({ success: true as const, ...(await findAutoLinks(deps.db, request.body)) }),
  });

  app.route({
    ...contractRoute(api.createHighConfidence, TAG),
    handler: async (request) => ({ success: true as const, ...(await applyAutoLinks(deps, request.body, requesterOf(request))) }),
  });
};
