import { influxDebugApi, influxManagerApi } from '@guildhall/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardAdminRoutes } from '../../auth/require-admin';
import { attachmentHeader } from '../../http/attachment';
import { contractRoute } from '../../http/contract-route';
import type { InfluxClient } from '../../services/influx/influx-client';
import { listBuckets, type ResolvedBucket, resolveBucket } from './buckets';
import { assertLanguageSupported, detectEngine, influxSetup, presentEngine, requireInflux } from './engine';
import { listFields, listMeasurements, listTags } from './explore';
import { exportPoints } from './export-points';
import { generateQuery } from './generate-query';
import { type InfluxAuditAction, type InfluxContext, influxContextOf } from './influx-context';
import { catalogueFailure } from './influx-errors';
import { showTagKeys } from './influxql';
import { updateRetention } from './retention';
import { runInfluxQuery } from './run-query';
import { readStats } from './stats';

const TAG = 'InfluxDB manager';

/** What every call answers when no InfluxDB is configured: how to connect one, not an error. */
const notConfigured = () => ({ success: true as const, configured: false as const, setup: influxSetup() });

/** A bucket as the screens show it (the 1.x database and policy stay on the server). */
function presentBucket({ database: _d, retentionPolicyName: _p, isDatabaseDefault: _i, ...bucket }: ResolvedBucket) {
  return bucket;
}

/** The bucket Guildhall writes to: on 1.x the configured database's default policy, if the database exists yet. */
export async function defaultBucket(context: Pick<InfluxContext, 'influx' | 'engine'>): Promise<ResolvedBucket | null> {
  const buckets = await listBuckets(context.influx, context.engine);
  return buckets.find((bucket) => bucket.isDefault) ?? null;
}

/** Runs a catalogue read, answering InfluxDB's failures as the contract says (503 down, 400 refused). */
async function catalogue<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw catalogueFailure(error);
  }
}

/**
 * The time-series manager (spec 2 §7, base /api/admin/database/influxdb) and the debug interface's export, over
 * the InfluxDB of INFLUX_URL, 1.x or 2.x: admin.full_access only; queries, exports and retention changes audited.
 */
export const influxManagerRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, ['admin.full_access']);
  const influx: InfluxClient | null = app.services.influx;
  const contextOf = (request: FastifyRequest) => influxContextOf(request, requireInflux(influx));

  app.route({
    ...contractRoute(influxManagerApi.status, TAG),
    handler: async () => {
      if (!influx) return notConfigured();
      return catalogue(async () => {
        const engine = await detectEngine(influx, true);
        const bucket = await defaultBucket({ influx, engine });
        const name = bucket?.name ?? (engine.isV2 ? influx.bucket : `${influx.database}/autogen`);
        return { success: true as const, configured: true as const, engine: presentEngine(influx, engine, name) };
      });
    },
  });

  app.route({
    ...contractRoute(influxManagerApi.buckets, TAG),
    handler: async (request) => {
      if (!influx) return notConfigured();
      const { engine } = await contextOf(request);
      const buckets = await catalogue(() => listBuckets(influx, engine));
      return { success: true as const, configured: true as const, buckets: buckets.map(presentBucket) };
    },
  });

  app.route({
    ...contractRoute(influxManagerApi.measurements, TAG),
    handler: async (request) => {
      if (!influx) return notConfigured();
      const { engine } = await contextOf(request);
      const measurements = await catalogue(async () => {
        const bucket = await resolveBucket(influx, engine, request.query.bucket);
        return listMeasurements(influx, engine, bucket, request.query.timeRange);
      });
      return { success: true as const, configured: true as const, measurements };
    },
  });

  app.route({
    ...contractRoute(influxManagerApi.tags, TAG),
    handler: async (request) => {
      if (!influx) return notConfigured();
      const { engine } = await contextOf(request);
      const { bucket: name, measurement, timeRange } = request.query;
      const tags = await catalogue(async () =>
        listTags(influx, engine, await resolveBucket(influx, engine, name), measurement, timeRange),
      );
      return { success: true as const, configured: true as const, tags };
    },
  });

  app.route({
    ...contractRoute(influxManagerApi.fields, TAG),
    handler: async (request) => {
      if (!influx) return notConfigured();
      const { engine } = await contextOf(request);
      const { bucket: name, measurement, timeRange } = request.query;
      const fields = await catalogue(async () =>
        listFields(influx, engine, await resolveBucket(influx, engine, name), measurement, timeRange),
      );
      return { success: true as const, configured: true as const, fields };
    },
  });

  app.route({
    ...contractRoute(influxManagerApi.generateQuery, TAG),
    handler: async (request) => {
      const { engine } = await contextOf(request);
      const body = request.body;
      assertLanguageSupported(engine, body.language);
      const bucket = await catalogue(() => resolveBucket(requireInflux(influx), engine, body.bucket));
      const target = bucket.database
        ? { database: bucket.database, retentionPolicy: bucket.retentionPolicyName }
        : { bucket: bucket.name };
      // Chosen fields alone would drop the tags: InfluxQL returns tags only when selected.
      const tagKeys =
        body.language === 'influxql' && body.fields.length > 0 && bucket.database
          ? await catalogue(() => showTagKeys(requireInflux(influx), bucket.database ?? '', body.measurement, 10_000))
          : [];
      const query = generateQuery({ ...body, target, tagKeys });
      return { success: true as const, query, language: body.language };
    },
  });

  app.route({
    ...contractRoute(influxManagerApi.query, TAG),
    handler: async (request) => {
      if (!influx) return notConfigured();
      const result = await runInfluxQuery(await contextOf(request), request.body);
      return { success: true as const, configured: true as const, ...result };
    },
  });

  async function sendExport(
    request: FastifyRequest,
    reply: FastifyReply,
    body: { query: string; language: 'influxql' | 'flux'; bucket?: string | undefined; format: 'csv' | 'json' },
    action: InfluxAuditAction,
  ) {
    const file = await exportPoints(await contextOf(request), body, action);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachmentHeader(file.filename))
      .header('cache-control', 'no-store')
      .send(file.stream);
  }

  app.route({
    ...contractRoute(influxManagerApi.export, TAG),
    handler: async (request, reply) => sendExport(request, reply, request.body, 'influx.query_exported'),
  });

  app.route({
    ...contractRoute(influxDebugApi.export, TAG),
    handler: async (request, reply) => sendExport(request, reply, request.body, 'influx.debug_query_exported'),
  });

  app.route({
    ...contractRoute(influxManagerApi.stats, TAG),
    handler: async (request) => {
      if (!influx) return notConfigured();
      const context = await contextOf(request);
      const stats = await catalogue(async () => {
        const name = request.query.bucket;
        const bucket = name ? await resolveBucket(influx, context.engine, name) : await defaultBucket(context);
        return readStats(influx, context.engine, bucket);
      });
      return { success: true as const, configured: true as const, ...stats };
    },
  });

  app.route({
    ...contractRoute(influxManagerApi.retention, TAG),
    handler: async (request) => {
      if (!influx) return notConfigured();
      const { engine } = await contextOf(request);
      const buckets = await catalogue(() => listBuckets(influx, engine));
      return { success: true as const, configured: true as const, buckets: buckets.map(presentBucket) };
    },
  });

  app.route({
    ...contractRoute(influxManagerApi.updateRetention, TAG),
    handler: async (request) => {
      const { bucket, message } = await updateRetention(await contextOf(request), request.body);
      return { success: true as const, bucket: presentBucket(bucket), message };
    },
  });
};
