import { databaseExplorerApi, databaseManagerApi, databaseSessionsApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf, guardAdminRoutes } from '../../auth/require-admin';
import { adminActor } from '../../core/audit';
import { attachmentHeader } from '../../http/attachment';
import { contractRoute } from '../../http/contract-route';
import { cancelSession } from './cancel-session';
import { exportTable } from './export-table';
import { splitQualifiedName } from './find-table';
import { listMigrations } from './list-migrations';
import { listSchemas } from './list-schemas';
import { listSessions } from './list-sessions';
import { listTables } from './list-tables';
import { readConnectionStats, readDatabaseStats } from './read-connection-stats';
import { readTableDetails, readTableIndexes } from './read-table-details';
import { readTableRows } from './read-table-rows';
import { terminateSession } from './terminate-session';

const TAG = 'PostgreSQL manager';

/**
 * The PostgreSQL manager's catalogue and table browser (spec 1 §7) and spec 2's Database Explorer reads over
 * the same operations, for the database Guildhall runs on: admin.full_access only.
 */
export const databaseManagerRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, ['admin.full_access']);
  const { db } = app.services;

  app.route({
    ...contractRoute(databaseManagerApi.schemas, TAG),
    handler: async (request) => ({ success: true as const, schemas: await listSchemas(db, request.query.includeSystem) }),
  });

  app.route({
    ...contractRoute(databaseManagerApi.tables, TAG),
    handler: async (request) => ({
      success: true as const,
      tables: await listTables(db, request.query.schema, request.query.exact),
    }),
  });

  app.route({
    ...contractRoute(databaseManagerApi.tableDetails, TAG),
    handler: async (request) => ({
      success: true as const,
      table: await readTableDetails(db, request.query.schema, request.query.table),
    }),
  });

  app.route({
    ...contractRoute(databaseManagerApi.connectionStats, TAG),
    handler: async () => ({ success: true as const, ...(await readConnectionStats(db, app.services.readonlyAccess)) }),
  });

  app.route({
    ...contractRoute(databaseSessionsApi.list, TAG),
    handler: async () => ({ success: true as const, ...(await listSessions(db)) }),
  });

  app.route({
    ...contractRoute(databaseSessionsApi.cancel, TAG),
    handler: async (request) => {
      const { pid } = request.params;
      const cancelled = await cancelSession(db, { pid, actor: adminActor(adminSessionOf(request).admin), ip: request.ip });
      return { success: true as const, pid, cancelled };
    },
  });

  app.route({
    ...contractRoute(databaseSessionsApi.terminate, TAG),
    handler: async (request) => {
      const { pid } = request.params;
      const terminated = await terminateSession(db, { pid, actor: adminActor(adminSessionOf(request).admin), ip: request.ip });
      return { success: true as const, pid, terminated };
    },
  });

  app.route({
    ...contractRoute(databaseManagerApi.migrations, TAG),
    handler: async () => ({ success: true as const, migrations: await listMigrations(db) }),
  });

  app.route({
    ...contractRoute(databaseManagerApi.rows, TAG),
    handler: async (request) => ({ success: true as const, page: await readTableRows(db, request.query) }),
  });

  app.route({
    ...contractRoute(databaseManagerApi.export, TAG),
    handler: async (request, reply) => {
      const file = await exportTable(db, app.config.database.url, {
        ...request.query,
        actor: adminActor(adminSessionOf(request).admin),
        ip: request.ip,
      });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentHeader(file.filename))
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  });

  app.route({
    ...contractRoute(databaseExplorerApi.tables, TAG),
    handler: async (request) => ({
      success: true as const,
      tables: await listTables(db, request.query.schema, request.query.exact),
    }),
  });

  app.route({
    ...contractRoute(databaseExplorerApi.schema, TAG),
    handler: async (request) => {
      const { schema, table } = splitQualifiedName(request.params.table);
      return { success: true as const, table: await readTableDetails(db, schema, table) };
    },
  });

  app.route({
    ...contractRoute(databaseExplorerApi.indexes, TAG),
    handler: async (request) => {
      const { schema, table } = splitQualifiedName(request.params.table);
      return { success: true as const, indexes: await readTableIndexes(db, schema, table) };
    },
  });

  app.route({
    ...contractRoute(databaseExplorerApi.stats, TAG),
    handler: async () => ({ success: true as const, ...(await readDatabaseStats(db, app.services.readonlyAccess)) }),
  });
};
