import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The audit log API (admin.audit_logs): built by issue 13. */
export const auditLogRoutes: FastifyPluginAsyncZod = async () => {};
