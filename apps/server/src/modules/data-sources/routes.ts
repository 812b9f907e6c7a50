import {
  communityDataSourcesApi,
  DATA_SOURCE_LIMITS,
  DATA_SOURCE_MESSAGES,
  dataSourcesApi,
  GUILD_ABILITIES,
  LOOT_UPLOAD_CONTENT_TYPES,
  type lootImportBody,
  type lootImportQuery,
} from '@guildhall/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { guardAdminRoutes } from '../../auth/require-admin';
import { requireGuild } from '../../auth/require-guild';
import { AppError } from '../../core/app-error';
import { contractRoute } from '../../http/contract-route';
import { GUILD_MANAGEMENT_ACCESS } from '../guilds/access';
import { depsOf } from './data-sources-deps';
import { gameDataRoutes } from './game-data-routes';
import { applyLootImport, type LootUpload, previewLootImport } from './import-loot';
import { listRuns, listSourcedCharacters } from './list-sources';
import { addCharacter, editCharacter, retireCharacterByHand } from './manual-characters';
import { refreshTimer } from './refresh-sources';
import { adminRequester, memberRequester, tenantOf } from './route-callers';
import { readRosterSync, startRosterSync } from './start-roster-sync';

const TAG = 'Guild data sources';

type LootImportBody = z.output<typeof lootImportBody>;
type LootImportQuery = z.output<typeof lootImportQuery>;

/** An export's JSON escapes (quotes, tabs) make the body larger than the file; the file's own limit is checked after. */
const UPLOAD_BODY_LIMIT = 2 * DATA_SOURCE_LIMITS.importMaxBytes + 64 * 1024;

const isFileBody = (request: FastifyRequest) =>
  (LOOT_UPLOAD_CONTENT_TYPES as readonly string[]).includes(
    String(request.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase(),
  );

/** A body announced past the limit is refused before it is read, in the product's words. */
async function refuseLargeUpload(request: FastifyRequest, _reply: FastifyReply) {
  const limit = isFileBody(request) ? DATA_SOURCE_LIMITS.importMaxBytes : UPLOAD_BODY_LIMIT;
  if (Number(request.headers['content-length'] ?? 0) > limit) {
    throw new AppError('PAYLOAD_TOO_LARGE', DATA_SOURCE_MESSAGES.fileTooLarge);
  }
}

/** An answer given before the upload was read to its end (refused on its size) closes the connection after it. */
async function closeAfterUnreadUpload(request: FastifyRequest, reply: FastifyReply) {
  if (request.method === 'POST' && !request.raw.complete) reply.header('connection', 'close');
}

/** Uploads sent as the file itself: the request's body stream, read as the import consumes it. */
const fileBodies = new WeakMap<FastifyRequest, AsyncIterable<Buffer>>();

/** The upload of an import call: the file as the body, or the JSON form's text (one chunk). */
function uploadOf(request: FastifyRequest<{ Body: LootImportBody; Querystring: LootImportQuery }>): LootUpload {
  const stream = fileBodies.get(request);
  if (stream) return { fileName: request.query.fileName, chunks: stream };
  if (!request.body) throw AppError.invalidField('content', DATA_SOURCE_MESSAGES.emptyFile);
  if (Buffer.byteLength(request.body.content, 'utf8') > DATA_SOURCE_LIMITS.importMaxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', DATA_SOURCE_MESSAGES.fileTooLarge);
  }
  return { fileName: request.body.fileName, chunks: [request.body.content] };
}

/**
 * A guild's data sources (issue 30): the admin side under Guild Management's permission, the community side for
 * the guild's officers (characters.manage), both over the same operations.
 */
export const dataSourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  const { db } = deps;
  // The file as the body is not parsed here: the import reads the stream (its size limit counted as it arrives).
  app.addContentTypeParser([...LOOT_UPLOAD_CONTENT_TYPES], (request, payload, done) => {
    fileBodies.set(request, payload);
    done(null, undefined);
  });
  app.addHook('onSend', closeAfterUnreadUpload);
  await app.register(gameDataRoutes(deps));
  const { refresh } = app.config.gameData;
  if (refresh.checkEveryMs > 0) {
    const timer = refreshTimer(deps, refresh, app.log);
    app.addHook('onReady', async () => timer.start());
    app.addHook('onClose', () => timer.stop());
  }

  await app.register(async (admin) => {
    guardAdminRoutes(admin, GUILD_MANAGEMENT_ACCESS);
    admin.addHook('onRequest', refuseLargeUpload);
    const api = dataSourcesApi;
    const route = admin.withTypeProvider<ZodTypeProvider>();

    route.route({
      ...contractRoute(api.runs, TAG),
      handler: async (request) => ({ success: true as const, runs: await listRuns(db, request.params.tenantId) }),
    });
    route.route({
      ...contractRoute(api.characters, TAG),
      handler: async (request) => ({
        success: true as const,
        ...(await listSourcedCharacters(db, request.params.tenantId, request.query)),
      }),
    });
    route.route({
      ...contractRoute(api.previewLootImport, TAG),
      bodyLimit: UPLOAD_BODY_LIMIT,
      handler: async (request) => previewLootImport(db, request.params.tenantId, uploadOf(request)),
    });
    route.route({
      ...contractRoute(api.applyLootImport, TAG),
      bodyLimit: UPLOAD_BODY_LIMIT,
      handler: async (request) => ({
        success: true as const,
        ...(await applyLootImport(db, request.params.tenantId, uploadOf(request), adminRequester(request))),
      }),
    });
    route.route({
      ...contractRoute(api.addCharacter, TAG),
      handler: async (request) => ({
        success: true as const,
        character: await addCharacter(db, request.params.tenantId, request.body, adminRequester(request)),
        message: DATA_SOURCE_MESSAGES.characterAdded,
      }),
    });
    route.route({
      ...contractRoute(api.editCharacter, TAG),
      handler: async (request) => ({
        success: true as const,
        character: await editCharacter(
          db,
          request.params.tenantId,
          request.params.characterId,
          request.body,
          adminRequester(request),
        ),
        message: DATA_SOURCE_MESSAGES.characterSaved,
      }),
    });
    route.route({
      ...contractRoute(api.retireCharacter, TAG),
      handler: async (request) => ({
        success: true as const,
        character: await retireCharacterByHand(db, request.params.tenantId, request.params.characterId, adminRequester(request)),
        message: DATA_SOURCE_MESSAGES.characterRetired,
      }),
    });
    route.route({
      ...contractRoute(api.startRosterSync, TAG),
      handler: async (request) => ({
        success: true as const,
        job: await startRosterSync(deps, request.params.tenantId, request.body, adminRequester(request)),
        message: DATA_SOURCE_MESSAGES.rosterSyncStarted,
      }),
    });
    route.route({
      ...contractRoute(api.rosterSync, TAG),
      handler: async (request) => ({
        success: true as const,
        job: await readRosterSync(deps, request.params.tenantId, request.params.jobId),
      }),
    });
  });

  await app.register(async (community) => {
    const api = communityDataSourcesApi;
    const route = community.withTypeProvider<ZodTypeProvider>();
    const officers = GUILD_ABILITIES.manageDataSources;

    route.route({
      ...contractRoute(api.runs, TAG),
      onRequest: requireGuild(officers),
      handler: async (request) => ({ success: true as const, runs: await listRuns(db, tenantOf(request)) }),
    });
    route.route({
      ...contractRoute(api.characters, TAG),
      onRequest: requireGuild(officers),
      handler: async (request) => ({
        success: true as const,
        ...(await listSourcedCharacters(db, tenantOf(request), request.query)),
      }),
    });
    route.route({
      ...contractRoute(api.previewLootImport, TAG),
      onRequest: [requireGuild(officers), refuseLargeUpload],
      bodyLimit: UPLOAD_BODY_LIMIT,
      handler: async (request) => previewLootImport(db, tenantOf(request), uploadOf(request)),
    });
    route.route({
      ...contractRoute(api.applyLootImport, TAG),
      onRequest: [requireGuild(officers), refuseLargeUpload],
      bodyLimit: UPLOAD_BODY_LIMIT,
      handler: async (request) => ({
        success: true as const,
        ...(await applyLootImport(db, tenantOf(request), uploadOf(request), memberRequester(request))),
      }),
    });
    route.route({
      ...contractRoute(api.addCharacter, TAG),
      onRequest: requireGuild(officers),
      handler: async (request) => ({
        success: true as const,
        character: await addCharacter(db, tenantOf(request), request.body, memberRequester(request)),
        message: DATA_SOURCE_MESSAGES.characterAdded,
      }),
    });
    route.route({
      ...contractRoute(api.editCharacter, TAG),
      onRequest: requireGuild(officers),
      handler: async (request) => ({
        success: true as const,
        character: await editCharacter(db, tenantOf(request), request.params.characterId, request.body, memberRequester(request)),
        message: DATA_SOURCE_MESSAGES.characterSaved,
      }),
    });
    route.route({
      ...contractRoute(api.retireCharacter, TAG),
      onRequest: requireGuild(officers),
      handler: async (request) => ({
        success: true as const,
        character: await retireCharacterByHand(db, tenantOf(request), request.params.characterId, memberRequester(request)),
        message: DATA_SOURCE_MESSAGES.characterRetired,
      }),
    });
    route.route({
      ...contractRoute(api.startRosterSync, TAG),
      onRequest: requireGuild(officers),
      handler: async (request) => ({
        success: true as const,
        job: await startRosterSync(deps, tenantOf(request), request.body, memberRequester(request)),
        message: DATA_SOURCE_MESSAGES.rosterSyncStarted,
      }),
    });
    route.route({
      ...contractRoute(api.rosterSync, TAG),
      onRequest: requireGuild(officers),
      handler: async (request) => ({
        success: true as const,
        job: await readRosterSync(deps, tenantOf(request), request.params.jobId),
      }),
    });
  });
};
