import { randomUUID } from 'node:crypto';
import { databaseQueryApi, PGLITE_LIMITS } from '@guildhall/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf, guardAdminRoutes } from '../../auth/require-admin';
import { adminActor, recordAudit } from '../../core/audit';
import { attachmentHeader } from '../../http/attachment';
import { contractRoute } from '../../http/contract-route';
import { cancelQuery } from './cancel-query';
import { explainQuery } from './explain-query';
import { exportQuery } from './export-query';
import { listQueryHistory } from './history-queries';
import { type QueryContext, type RunQueryInput, runQuery } from './run-query';

const TAG = 'Database';

/** The SQL query runner (spec 1's /database/postgresql and spec 2's /db families); admin.full_access only. */
export const databaseQueryRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, ['admin.full_access']);
  const { db } = app.services;

  const contextOf = (request: FastifyRequest): QueryContext => ({
    db,
    readonlyAccess: app.services.readonlyAccess,
    timeoutMs: app.config.queryTimeoutMs,
    actor: adminActor(adminSessionOf(request).admin),
    ip: request.ip,
  });

  async function sendExport(request: FastifyRequest, reply: FastifyReply, input: { query: string; format: 'csv' | 'json' }) {
    const { stream, filename } = await exportQuery(contextOf(request), input);
    return reply
      .header('content-type', input.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
      .header('content-disposition', attachmentHeader(filename))
      .header('cache-control', 'no-store')
      .send(stream);
  }

  /** Runs a statement; a client that goes away before the answer cancels it rather than leave it to the timeout. */
  async function runUntilClientLeaves(request: FastifyRequest, reply: FastifyReply, input: RunQueryInput) {
    const queryId = input.queryId ?? randomUUID();
    const onClose = () => {
      if (!reply.raw.writableFinished) void cancelQuery(db, queryId).catch(() => undefined);
    };
    reply.raw.once('close', onClose);
    try {
      return await runQuery(contextOf(request), { ...input, queryId });
    } finally {
      reply.raw.off('close', onClose);
    }
  }

  app.route({
    ...contractRoute(databaseQueryApi.run, TAG),
    handler: async (request, reply) => runUntilClientLeaves(request, reply, request.body),
  });

  app.route({
    ...contractRoute(databaseQueryApi.dbQuery, TAG),
    handler: async (request, reply) => runUntilClientLeaves(request, reply, { ...request.body, allowWrites: false }),
  });

  app.route({
    ...contractRoute(databaseQueryApi.explain, TAG),
    handler: async (request) => explainQuery(contextOf(request), request.body),
  });

  app.route({
    ...contractRoute(databaseQueryApi.cancel, TAG),
    handler: async (request) => {
      const cancelled = await cancelQuery(db, request.body.queryId);
      await recordAudit(db, {
        actor: adminActor(adminSessionOf(request).admin),
        action: 'database.query_cancelled',
        target: { type: 'query', id: request.body.queryId },
        details: { cancelled },
        ip: request.ip,
      });
      return { success: true as const, cancelled, note: db.kind === 'pglite' ? PGLITE_LIMITS.cancel : null };
    },
  });

  app.route({
    ...contractRoute(databaseQueryApi.exportQuery, TAG),
    handler: async (request, reply) => sendExport(request, reply, request.body),
  });

  app.route({
    ...contractRoute(databaseQueryApi.dbExport, TAG),
    handler: async (request, reply) => sendExport(request, reply, request.body),
  });

  app.route({
    ...contractRoute(databaseQueryApi.dbHistory, TAG),
    handler: async (request) => ({ success: true as const, history: await listQueryHistory(db, request.query.limit) }),
  });
};
