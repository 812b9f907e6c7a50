import {
  type AuditAction,
  REDIS_FLUSH_CONFIRMATION_SECONDS,
  REDIS_MESSAGES,
  REDIS_SETTINGS,
  REDIS_VALUE_MAX_LENGTH,
  redisManagerApi,
} from '@guildhall/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { adminSessionOf, guardAdminRoutes } from '../../auth/require-admin';
import { AppError } from '../../core/app-error';
import { adminActor, recordAudit } from '../../core/audit';
import { contractRoute } from '../../http/contract-route';
import { deleteByPattern, flushDatabase } from './bulk-delete';
import { redisManagerConnections, redisWork } from './connections';
import { createKey, deleteKey, setTtl, updateKey } from './edit-key';
import { issueFlushToken, spendFlushToken } from './flush-confirmation';
import { keyScope, type ManagedKey } from './key-scope';
import { readDatabaseTiles, readInfo, readStats } from './read-info';
import { readKeyValue } from './read-value';
import { scanKeysPage } from './scan-keys';
import { keyBytes, keyLabel, wireKey } from './wire';

const TAG = 'Redis manager';

/** A value sent as hex is twice its bytes, plus the JSON around it. */
const WRITE_BODY_LIMIT = 2 * REDIS_VALUE_MAX_LENGTH + 1024 * 1024;

/**
 * The cache manager (spec 2 §7 "Cache admin") over the Redis of REDIS_URL, admin.full_access. Each database is
 * reached on a connection of its own; the app's shared connection never changes database. It reaches only the keys
 * under REDIS_PREFIX (key-scope.ts): keys and patterns are named relative to it. Without REDIS_URL the reads answer
 * how to connect one and the writes are a 503; every write is audited, with the key as Redis holds it.
 */
export const redisManagerRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, ['admin.full_access']);
  const connections = app.services.redis ? redisManagerConnections(app.services.redis) : null;
  const notConfigured = {
    success: true as const,
    configured: false as const,
    setup: { message: REDIS_MESSAGES.notConfigured, settings: [...REDIS_SETTINGS] },
  };

  /** Redis work on one database's connection; without Redis a 503 that says how to connect one. */
  function on<T>(database: number, work: (redis: Redis) => Promise<T>): Promise<T> {
    if (!connections) throw new AppError('SERVICE_UNAVAILABLE', REDIS_MESSAGES.notConfigured);
    return redisWork(async () => work(await connections.on(database)));
  }

  const audit = (
    request: FastifyRequest,
    action: Extract<AuditAction, `redis.${string}`>,
    target: { type: string; id: string },
    details = {},
  ) =>
    recordAudit(app.services.db, { actor: adminActor(adminSessionOf(request).admin), action, target, details, ip: request.ip });
  const scope = keyScope(app.services.redis?.prefix ?? '');
  const keyTarget = (database: number, key: ManagedKey) => ({ type: 'redis_key', id: `${database}:${keyLabel(key.redis)}` });
  /** The key a request names (relative to the prefix), with the key Redis holds. */
  const keyOf = (key: string, encoding: 'utf8' | 'hex') => scope.key(keyBytes(key, encoding));

  app.route({
    ...contractRoute(redisManagerApi.keys, TAG),
    handler: async (request) => {
      if (!connections) return notConfigured;
      const page = await on(request.query.database, (redis) => scanKeysPage(redis, scope, request.query));
      return { success: true as const, configured: true as const, ...page };
    },
  });

  app.route({
    ...contractRoute(redisManagerApi.info, TAG),
    handler: async () => {
      if (!connections) return notConfigured;
      const info = await on(connections.app.database, (redis) => readInfo(redis, connections.app));
      return { success: true as const, configured: true as const, ...info };
    },
  });

  app.route({
    ...contractRoute(redisManagerApi.stats, TAG),
    handler: async (request) => {
      if (!connections) return notConfigured;
      const { database } = request.query;
      const stats = await on(database, (redis) => readStats(redis, database));
      return { success: true as const, configured: true as const, ...stats };
    },
  });

  app.route({
    ...contractRoute(redisManagerApi.databases, TAG),
    handler: async () => {
      if (!connections) return notConfigured;
      const databases = await on(connections.app.database, readDatabaseTiles);
      return { success: true as const, configured: true as const, databases };
    },
  });

  app.route({
    ...contractRoute(redisManagerApi.keyValue, TAG),
    handler: async (request) => {
      if (!connections) return notConfigured;
      const { key, keyEncoding, database, cursor, count } = request.query;
      const managed = keyOf(key, keyEncoding);
      const value = await on(database, (redis) => readKeyValue(redis, managed, { cursor, count }));
      return { success: true as const, configured: true as const, ...value };
    },
  });

  app.route({
    ...contractRoute(redisManagerApi.deleteKey, TAG),
    handler: async (request) => {
      const { key, keyEncoding, database } = request.query;
      const managed = keyOf(key, keyEncoding);
      await on(database, (redis) => deleteKey(redis, managed));
      await audit(request, 'redis.key_deleted', keyTarget(database, managed), { database });
      return { success: true as const, message: REDIS_MESSAGES.keyDeleted(keyLabel(managed.shown)) };
    },
  });

  app.route({
    ...contractRoute(redisManagerApi.setTtl, TAG),
    handler: async (request) => {
      const { key, keyEncoding, database } = request.body;
      const managed = keyOf(key, keyEncoding);
      const ttl = await on(database, (redis) => setTtl(redis, managed, request.body.ttl));
      await audit(request, 'redis.ttl_set', keyTarget(database, managed), { database, ttl });
      return { success: true as const, ttl, message: ttl > 0 ? REDIS_MESSAGES.ttlSet(ttl) : REDIS_MESSAGES.ttlRemoved };
    },
  });

  app.route({
    ...contractRoute(redisManagerApi.updateKey, TAG),
    bodyLimit: WRITE_BODY_LIMIT,
    handler: async (request) => {
      const { key, keyEncoding, database, value, edit } = request.body;
      const managed = keyOf(key, keyEncoding);
      await on(database, (redis) => updateKey(redis, managed, { value, edit }));
      // The change's kind, never the value itself: values may hold secrets.
      await audit(request, 'redis.key_updated', keyTarget(database, managed), { database, op: edit?.op ?? 'string-set' });
      return { success: true as const, message: REDIS_MESSAGES.keyUpdated };
    },
  });

  app.route({
    ...contractRoute(redisManagerApi.createKey, TAG),
    bodyLimit: WRITE_BODY_LIMIT,
    handler: async (request) => {
      const { body } = request;
      const managed = keyOf(body.key, body.keyEncoding);
      await on(body.database, (redis) => createKey(redis, managed, body));
      await audit(request, 'redis.key_created', keyTarget(body.database, managed), {
        database: body.database,
        type: body.type,
        ttl: body.ttl,
      });
      return {
        success: true as const,
        ...wireKey(managed.shown),
        message: REDIS_MESSAGES.keyCreated(keyLabel(managed.shown)),
      };
    },
  });

  // A flush is two calls: the confirmation's token, bound to the admin and the database, then the flush with it.
  app.route({
    ...contractRoute(redisManagerApi.flushConfirmation, TAG),
    handler: async (request) => {
      const { database } = request.body;
      const { admin } = adminSessionOf(request);
      const issued = await on(connections?.app.database ?? 0, (redis) =>
        issueFlushToken(redis, scope.prefix, admin.id, database),
      );
      return {
        success: true as const,
        database,
        ...issued,
        message: REDIS_MESSAGES.flushConfirmationIssued(database, REDIS_FLUSH_CONFIRMATION_SECONDS),
      };
    },
  });

  app.route({
    ...contractRoute(redisManagerApi.flush, TAG),
    handler: async (request) => {
      const { database } = request.query;
      const { admin } = adminSessionOf(request);
      await on(connections?.app.database ?? 0, (redis) =>
        spendFlushToken(redis, scope.prefix, admin.id, database, request.body.token),
      );
      const deletedKeys = await on(database, (redis) => flushDatabase(redis, scope));
      await audit(
        request,
        'redis.database_flushed',
        { type: 'redis_database', id: String(database) },
        { deletedKeys, prefix: scope.prefix },
      );
      return { success: true as const, database, deletedKeys, message: REDIS_MESSAGES.flushed(database) };
    },
  });

  app.route({
    ...contractRoute(redisManagerApi.deleteByPattern, TAG),
    handler: async (request) => {
      const { pattern, database, dryRun } = request.body;
      const { matched, deleted } = await on(database, (redis) => deleteByPattern(redis, scope, pattern, dryRun));
      if (!dryRun) {
        await audit(
          request,
          'redis.matching_keys_deleted',
          { type: 'redis_database', id: String(database) },
          { pattern, prefix: scope.prefix, deleted },
        );
      }
      const message = dryRun ? REDIS_MESSAGES.patternMatches(matched, pattern) : REDIS_MESSAGES.patternDeleted(deleted, pattern);
      return { success: true as const, dryRun, matched, deleted, message };
    },
  });
};
