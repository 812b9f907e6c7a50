import { auditLogApi, findAdminScreen } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf, guardAdminRoutes } from '../../auth/require-admin';
import { adminActor } from '../../core/audit';
import { attachmentHeader } from '../../http/attachment';
import { contractRoute } from '../../http/contract-route';
import { auditLogFilename, exportAuditLog } from './export-audit-log';
import { presentAuditEntry } from './presenters';
import { selectAuditPage, selectAuditTargetTypes } from './queries';

const TAG = 'Audit log';

/** The audit log API: whoever may open the Audit Log screen (admin.audit_logs). */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, findAdminScreen('/admin/audit-log')!.anyOf);
  const { db } = app.services;

  app.route({
    ...contractRoute(auditLogApi.list, TAG),
    handler: async (request) => {
      const { page, limit, ...filters } = request.query;
      const { rows, total } = await selectAuditPage(db, filters, { page, limit });
      return {
        success: true as const,
        data: rows.map(presentAuditEntry),
        pagination: { page, limit, total, pages: Math.ceil(total / limit) },
      };
    },
  });

  app.route({
    ...contractRoute(auditLogApi.facets, TAG),
    handler: async () => ({ success: true as const, targetTypes: await selectAuditTargetTypes(db) }),
  });

  app.route({
    ...contractRoute(auditLogApi.exportCsv, TAG),
    handler: async (request, reply) => {
      const csv = await exportAuditLog(db, request.query, { actor: adminActor(adminSessionOf(request).admin), ip: request.ip });
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', attachmentHeader(auditLogFilename()))
          .header('cache-control', 'no-store')
          // A stream skips the serializer; the contract documents what it carries (CSV text) as a string.
          .send(csv as unknown as string)
      );
    },
  });
};
