import type { AuditAction } from '@guildhall/contract';
import type { FastifyRequest } from 'fastify';
import { adminSessionOf } from '../../auth/require-admin';
import { type AuditActor, adminActor, recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import type { InfluxClient } from '../../services/influx/influx-client';
import { type DetectedEngine, detectEngine } from './engine';
import { catalogueFailure } from './influx-errors';

/** What a time-series call needs: the server and its version, the query timeout, who asks (for the audit). */
export interface InfluxContext {
  influx: InfluxClient;
  engine: DetectedEngine;
  db: Db;
  timeoutMs: number;
  actor: AuditActor;
  ip: string | null;
}

/** The context of a call by a signed-in admin; a server that does not answer is a 503. */
export async function influxContextOf(request: FastifyRequest, influx: InfluxClient): Promise<InfluxContext> {
  const engine = await detectEngine(influx).catch((error: unknown) => {
    throw catalogueFailure(error);
  });
  return {
    influx,
    engine,
    db: request.server.services.db,
    timeoutMs: request.server.config.queryTimeoutMs,
    actor: adminActor(adminSessionOf(request).admin),
    ip: request.ip,
  };
}

/** What the InfluxDB manager audits. */
export type InfluxAuditAction = Extract<AuditAction, `influx.${string}`>;

/** Records an InfluxDB action in the audit log (every query, export and retention change). */
export function auditInflux(context: InfluxContext, action: InfluxAuditAction, target: string, details: Record<string, unknown>) {
  return recordAudit(context.db, {
    actor: context.actor,
    action,
    target: { type: 'influx_bucket', id: target },
    details,
    ip: context.ip,
  });
}
