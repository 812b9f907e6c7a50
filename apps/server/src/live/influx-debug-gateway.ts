import { randomUUID } from 'node:crypto';
import {
  type DebugHealthResponse,
  debugQueryRequest,
  debugStreamRequest,
  hasAnyAdminPermission,
  INFLUX_DEBUG_ACCESS,
  INFLUX_DEBUG_MESSAGES,
  INFLUX_MESSAGES,
} from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { lookUpSessionAndAdmin } from '../auth/require-admin';
import { isShutOutOfConsole } from '../auth/two-factor-requirement';
import { adminActor } from '../core/audit';
import { unsafePayloadMessage } from '../http/text-hygiene';
import { listBuckets, type ResolvedBucket } from '../modules/influx-manager/buckets';
import { startDebugStream } from '../modules/influx-manager/debug-stream';
import { type DetectedEngine, detectEngine } from '../modules/influx-manager/engine';
import { countPoints, listMeasurementNames } from '../modules/influx-manager/explore';
import { auditInflux, type InfluxContext } from '../modules/influx-manager/influx-context';
import { catalogueFailure, influxFailure } from '../modules/influx-manager/influx-errors';
import { runInfluxQuery } from '../modules/influx-manager/run-query';
import { readOldestPoint } from '../modules/influx-manager/stats';
import type { InfluxClient } from '../services/influx/influx-client';
import type { InfluxDebugNamespace, InfluxDebugSocket } from './influx-debug-namespace';

/** Counting every point may take this long before the statistics show a lower bound. */
const STATS_COUNT_BUDGET_MS = 1500;
/** A socket whose unsent messages pile up past this is slow: stream ticks skip it instead of buffering. */
const SLOW_CLIENT_BUFFER = 64;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? 'Invalid request';

/** The bucket the debug interface reads: the one Guildhall writes to. */
async function debugBucket(influx: InfluxClient, engine: DetectedEngine): Promise<ResolvedBucket> {
  const buckets = await listBuckets(influx, engine);
  const found = buckets.find((bucket) => bucket.isDefault);
  if (found) return found;
  // 1.x before the first write: the database does not exist yet, and holds nothing.
  throw new Error(INFLUX_MESSAGES.bucketNotFound(engine.isV2 ? influx.bucket : influx.database));
}

/** Handles one admin's debug connection: health, measurements, statistics, queries and at most one stream. */
function onConnection(app: FastifyInstance, socket: InfluxDebugSocket) {
  const influx = app.services.influx;
  const timeoutMs = app.config.queryTimeoutMs;
  let stream: { id: string; stop(): void } | null = null;

  const contextOf = async (): Promise<InfluxContext> => {
    if (!influx) throw new Error(INFLUX_MESSAGES.notConfigured);
    const engine = await detectEngine(influx);
    const { admin } = socket.data;
    return {
      influx,
      engine,
      db: app.services.db,
      timeoutMs,
      actor: adminActor(admin),
      ip: socket.handshake.address ?? null,
    };
  };

  const stopStream = (isAnnounced: boolean) => {
    if (!stream) return;
    const { id } = stream;
    stream.stop();
    stream = null;
    if (isAnnounced) socket.emit('stream-stopped', { streamId: id });
  };

  socket.on('debug:health-check', async () => {
    const base = { url: influx?.url ?? null, timestamp: new Date().toISOString() };
    let answer: DebugHealthResponse;
    if (!influx) {
      answer = {
        ...base,
        status: 'error',
        responseTime: null,
        bucket: null,
        version: null,
        languages: [],
        error: INFLUX_MESSAGES.notConfigured,
      };
    } else {
      try {
        const engine = await detectEngine(influx, true);
        const bucket = engine.isV2 ? influx.bucket : `${influx.database}`;
        answer = {
          ...base,
          status: 'healthy',
          responseTime: engine.responseTimeMs,
          bucket,
          version: engine.version,
          languages: engine.languages,
        };
      } catch (error) {
        answer = {
          ...base,
          status: 'error',
          responseTime: null,
          bucket: influx.hasV2Settings ? influx.bucket : influx.database,
          version: null,
          languages: [],
          error: messageOf(error),
        };
      }
    }
    socket.emit('debug:health-response', answer);
  });

  socket.on('debug:get-measurements', async () => {
    try {
      const { influx: client, engine } = await contextOf();
      const measurements = await listMeasurementNames(client, engine, await debugBucket(client, engine));
      socket.emit('measurements-response', { success: true, measurements });
    } catch (error) {
      socket.emit('measurements-response', {
        success: false,
        measurements: [],
        error: INFLUX_DEBUG_MESSAGES.measurementsFailed(messageOf(catalogueFailure(error))),
      });
    }
  });

  socket.on('debug:get-statistics', async () => {
    try {
      const { influx: client, engine } = await contextOf();
      const bucket = await debugBucket(client, engine);
      const [measurements, counts, oldestRecord] = await Promise.all([
        listMeasurementNames(client, engine, bucket),
        countPoints(client, engine, bucket, null, STATS_COUNT_BUDGET_MS),
        readOldestPoint(client, engine, bucket),
      ]);
      const days = oldestRecord ? (Date.now() - Date.parse(oldestRecord)) / 86_400_000 : 0;
      socket.emit('statistics-response', {
        success: true,
        data: {
          measurementCount: measurements.length,
          totalRecords: Math.round([...counts.counts.values()].reduce((sum, count) => sum + count, 0)),
          isEstimate: counts.isEstimate,
          oldestRecord,
          daysOfData: Math.max(0, Math.round(days * 10) / 10),
          measurements,
        },
      });
    } catch (error) {
      socket.emit('statistics-response', {
        success: false,
        data: null,
        error: INFLUX_DEBUG_MESSAGES.statisticsFailed(messageOf(catalogueFailure(error))),
      });
    }
  });

  socket.on('debug:query', async (payload: unknown) => {
    const queryId =
      typeof (payload as { queryId?: unknown })?.queryId === 'string' ? (payload as { queryId: string }).queryId : '';
    const fail = (reason: string, executionTime = 0) =>
      socket.emit('query-response', {
        success: false,
        queryId,
        data: [],
        error: INFLUX_DEBUG_MESSAGES.queryFailed(reason),
        metadata: { rowCount: 0, executionTime, isCapped: false },
      });
    const unsafe = unsafePayloadMessage(payload);
    if (unsafe) return fail(unsafe);
    const parsed = debugQueryRequest.safeParse(payload);
    if (!parsed.success) return fail(firstIssue(parsed.error));
    const start = performance.now();
    try {
      const result = await runInfluxQuery(await contextOf(), parsed.data, 'influx.debug_query_run');
      return socket.emit('query-response', {
        success: true,
        queryId,
        data: result.data,
        metadata: { rowCount: result.totalPoints, executionTime: result.duration, isCapped: result.isCapped },
      });
    } catch (error) {
      return fail(messageOf(influxFailure(error, timeoutMs)), Math.round(performance.now() - start));
    }
  });

  socket.on('debug:start-stream', async (payload: unknown) => {
    const unsafe = unsafePayloadMessage(payload);
    const parsed = debugStreamRequest.safeParse(payload ?? {});
    if (unsafe || !parsed.success) {
      return socket.emit('stream-error', {
        streamId: null,
        error: INFLUX_DEBUG_MESSAGES.streamError(unsafe ?? firstIssue(parsed.error!)),
      });
    }
    stopStream(true);
    let context: InfluxContext;
    try {
      context = await contextOf();
    } catch (error) {
      return socket.emit('stream-error', {
        streamId: null,
        error: INFLUX_DEBUG_MESSAGES.streamError(messageOf(catalogueFailure(error))),
      });
    }
    const settings = parsed.data;
    // Audited before it starts: whoever sees the stream start finds it in the audit log.
    await auditInflux(
      context,
      'influx.debug_query_streamed',
      context.engine.isV2 ? context.influx.bucket : context.influx.database,
      {
        ...settings,
      },
    ).catch((error) => app.log.warn({ err: error }, 'influx debug: audit failed'));
    // Another start may have arrived while the engine was detected or the audit written: the newest one wins.
    stopStream(true);
    const streamId = randomUUID();
    const running = startDebugStream({
      influx: context.influx,
      engine: context.engine,
      settings,
      streamId,
      timeoutMs,
      emit: (data) => {
        if ((socket.conn as unknown as { writeBuffer: unknown[] }).writeBuffer.length > SLOW_CLIENT_BUFFER) return;
        socket.emit('stream-data', data);
      },
      fail: (error) =>
        socket.emit('stream-error', {
          streamId,
          error: INFLUX_DEBUG_MESSAGES.streamError(messageOf(influxFailure(error, timeoutMs))),
        }),
    });
    stream = { id: streamId, stop: running.stop };
    socket.emit('stream-started', { streamId, settings });
    return undefined;
  });

  socket.on('debug:stop-stream', () => stopStream(true));
  const stopWatching = watchDebugSession(app, socket);
  socket.on('disconnect', () => {
    stopWatching();
    stopStream(false);
  });
}

/**
 * Ends the connection (and with it any stream) once its admin session is over: logged out, revoked, expired or
 * the admin deactivated, or once the admin no longer holds what the namespace asks (a changed role or grant) or
 * must enrol a second factor first (the grace ran out).
 * Reads the session without touching it, so an open debug page does not keep it alive.
 */
function watchDebugSession(app: FastifyInstance, socket: InfluxDebugSocket): () => void {
  const look = async () => {
    const found = await lookUpSessionAndAdmin(app, socket.data.sessionId);
    if (
      found?.state.state !== 'active' ||
      !hasAnyAdminPermission(found.admin, INFLUX_DEBUG_ACCESS) ||
      (await isShutOutOfConsole(app, found.admin))
    ) {
      socket.disconnect(true);
    }
  };
  const timer = setInterval(() => {
    look().catch((error) => app.log.debug({ err: error }, 'influx debug: session look failed'));
  }, app.config.live.sessionCheckMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Wires the /influx-debug namespace's connection handler. */
export function registerInfluxDebugGateway(app: FastifyInstance, nsp: InfluxDebugNamespace) {
  nsp.on('connection', (socket) => {
    try {
      onConnection(app, socket);
    } catch (error) {
      app.log.error({ err: error }, 'influx debug connection setup failed');
      socket.disconnect(true);
    }
  });
}
