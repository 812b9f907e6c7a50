import { findAdminScreen, METRICS_STREAM_PATH, metricsApi, metricsStreamQuery } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardAdminRoutes } from '../../auth/require-admin';
import { contractRoute } from '../../http/contract-route';
import { type EventStream, openEventStream } from '../../http/sse';
import { aggregateMetric, readHistory, storeStats } from './read-history';
import { ROUTE_WINDOW_SECONDS } from './request-metrics';
import { findSlowQueries } from './slow-queries';

const TAG = 'Metrics';

/** Metrics routes (issue 14, spec 2 §7): /api/admin/metrics/*. */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Read by whoever may open the monitoring screens.
  guardAdminRoutes(app, findAdminScreen('/admin/monitoring/system')!.anyOf);
  const recorder = app.monitoring.metrics;
  const { history } = recorder;

  app.route({
    ...contractRoute(metricsApi.current, TAG),
    handler: () => ({ success: true as const, sample: recorder.latest() }),
  });

  app.route({
    ...contractRoute(metricsApi.history, TAG),
    // 30 days of several lines is tens of thousands of points: built by typed code, so it skips the response
    // schema's second pass and is written as JSON straight away.
    handler: async (request, reply) => reply.serializer(JSON.stringify).send(await readHistory(history, request.query)),
  });

  app.route({
    ...contractRoute(metricsApi.customQuery, TAG),
    handler: (request) => aggregateMetric(history, request.body),
  });

  app.route({
    ...contractRoute(metricsApi.stats, TAG),
    handler: async () => {
      const stored = await storeStats(history);
      return {
        success: true as const,
        backend: history.backend,
        instance: recorder.instanceId,
        instances: stored.instances,
        sampleIntervalMs: recorder.sampleMs,
        resolutions: stored.resolutions,
        sampling: recorder.samplingCost(),
        streams: { metrics: recorder.openStreams, logs: app.logHub?.streamCount() ?? 0 },
      };
    },
  });

  app.route({
    ...contractRoute(metricsApi.routes, TAG),
    handler: async () => ({
      success: true as const,
      windowSeconds: ROUTE_WINDOW_SECONDS,
      routes: await recorder.requests.routes(),
    }),
  });

  app.route({
    ...contractRoute(metricsApi.slowQueries, TAG),
    handler: async (request) => ({ success: true as const, ...(await findSlowQueries(app.services.db, request.query.limit)) }),
  });

  // Open streams end before the server closes, which would otherwise wait for their clients to leave.
  const streams = new Set<EventStream>();
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.close();
  });

  app.route({
    method: 'GET',
    url: METRICS_STREAM_PATH,
    schema: {
      summary: 'This process’s samples as server-sent events named `metrics`, the first at once',
      tags: [TAG],
      querystring: metricsStreamQuery,
    },
    handler: (request, reply) => {
      const stream = openEventStream(request, reply);
      streams.add(stream);
      recorder.openStreams += 1;
      stream.send('metrics', recorder.latest());
      const timer = setInterval(() => stream.send('metrics', recorder.latest()), request.query.interval);
      stream.onClose(() => {
        clearInterval(timer);
        streams.delete(stream);
        recorder.openStreams -= 1;
      });
    },
  });
};
