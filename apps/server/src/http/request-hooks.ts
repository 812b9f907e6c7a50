import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../core/app-error';
import { loggedRequestPath } from '../core/logs/redaction';
import { finishedRequestLogLevel } from './error-handler';

/**
 * JSON bodies, except that an empty one counts as no body: browsers' fetch wrappers often send
 * `Content-Type: application/json` on a bodiless POST such as logout.
 */
export const jsonBodies = fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'ignore');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body === '') return done(null, undefined);
      return parseJson(request, body as string, done);
    });
  },
  { name: 'json-bodies' },
);

/** Requests that matched no route share one label, so a scan of random paths cannot grow the label set. */
const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Counts a response for the dashboard's request and error rates and for the metrics (per route template, so
 * `/guilds/:id` is one route). An event stream's time is how long it stayed open, not a response time: it is counted
 * but not timed.
 */
function countResponse(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  app.monitoring.requests.record(reply.statusCode);
  const isStream = String(reply.raw.getHeader('content-type') ?? '').startsWith('text/event-stream');
  app.monitoring.metrics.requests.record(
    request.method,
    request.routeOptions.url ?? UNMATCHED_ROUTE,
    reply.statusCode,
    isStream ? null : reply.elapsedTime,
  );
}

/**
 * Counts every response (countResponse) and logs it under its route template, so a code or token in a path never
 * reaches a log line (loggedRequestPath): reads quietly, writes visibly, failures at error, and a 503 given on
 * purpose (a service not configured or down) below that.
 */
export function countResponses(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    countResponse(app, request, reply);
    request.log[finishedRequestLogLevel(request, reply.statusCode)](
      {
        method: request.method,
        url: loggedRequestPath(request.url, request.routeOptions.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
}

/** Until migrations ran (PostgreSQL still starting, say), API and sign-in calls answer 503 instead of failing oddly. */
export const databaseGate = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      const needsDatabase = /^\/(api|auth)\//.test(request.url) && !request.url.startsWith('/api/docs');
      if (!app.isDatabaseReady && needsDatabase) {
        throw AppError.serviceUnavailable('PostgreSQL');
      }
    });
  },
  { name: 'database-gate' },
);

/** The request counters and log line as a plugin: after monitoring, whose counters it feeds. */
export const requestCounters = fp(async (app) => countResponses(app), { name: 'request-counters', dependencies: ['monitoring'] });
