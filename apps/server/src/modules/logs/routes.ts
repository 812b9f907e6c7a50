import { createReadStream } from 'node:fs';
import { findAdminScreen, LOG_LIMITS, LOG_MESSAGES, LOGS_STREAM_PATH, logFilter, logsApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardAdminRoutes } from '../../auth/require-admin';
import { AppError } from '../../core/app-error';
import { attachmentHeader } from '../../http/attachment';
import { contractRoute } from '../../http/contract-route';
import { openEventStream } from '../../http/sse';
import { countLogLevels } from './log-stats';
import { searchLogFiles } from './search-logs';

const TAG = 'Logs';
const DAY_MS = 24 * 60 * 60 * 1000;

const epochMs = (time: string | undefined) => (time === undefined ? undefined : Date.parse(time));

/** A range whose start is not before its end is the caller's mistake. */
function assertOrdered(from: number | undefined, to: number | undefined) {
  if (from !== undefined && to !== undefined && from >= to) {
    throw AppError.invalidField('from', LOG_MESSAGES.rangeReversed);
  }
}

/** Log routes (spec 2 §7 "Logs"): the live tail, search, files and counts, for whoever may open the monitoring screens. */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, findAdminScreen('/admin/monitoring/logs')!.anyOf);
  const hub = app.logHub;
  const instance = app.config.instanceId;

  app.route({
    method: 'GET',
    url: LOGS_STREAM_PATH,
    schema: {
      summary: 'The live tail: recent matching lines from memory, then new ones, as server-sent events named `log`',
      tags: [TAG],
      querystring: logFilter,
    },
    handler: (request, reply) => {
      const filter = request.query;
      const stream = openEventStream(request, reply);
      for (const entry of hub.recent(filter, LOG_LIMITS.tailBackfill)) {
        if (!stream.send('log', entry)) return;
      }
      const unsubscribe = hub.subscribe(filter, (entry) => stream.send('log', entry));
      stream.onClose(unsubscribe);
    },
  });

  app.route({
    ...contractRoute(logsApi.search, TAG),
    handler: async (request) => {
      const { from, to, page, pageSize, ...filter } = request.body;
      const range = { from: epochMs(from), to: epochMs(to) };
      assertOrdered(range.from, range.to);
      const result = await searchLogFiles(await hub.files(), { ...filter, ...range, page, pageSize }, instance);
      return {
        success: true as const,
        entries: result.entries,
        pagination: { page, pageSize, hasMore: result.hasMore },
        scannedFiles: result.scannedFiles,
      };
    },
  });

  app.route({
    ...contractRoute(logsApi.files, TAG),
    handler: async () => {
      const current = hub.currentFile();
      const files = await hub.files();
      return {
        success: true as const,
        files: files.map((file) => ({
          name: file.name,
          size: file.size,
          modifiedAt: file.modifiedAt.toISOString(),
          current: file.path === current,
        })),
      };
    },
  });

  app.route({
    ...contractRoute(logsApi.download, TAG),
    handler: async (request, reply) => {
      // Only a name from the list: anything else (a path, '..', another process's file) is simply not found.
      const file = (await hub.files()).find((listed) => listed.name === request.params.file);
      if (!file) throw AppError.notFound();
      return (
        reply
          .header('content-type', 'text/plain; charset=utf-8')
          .header('content-disposition', attachmentHeader(file.name))
          .header('cache-control', 'no-store')
          // A stream skips the serializer; the contract documents the body as the file's text.
          .send(createReadStream(file.path))
      );
    },
  });

  app.route({
    ...contractRoute(logsApi.stats, TAG),
    handler: async (request) => {
      // Default: the 24 hours up to `to`, or up to now.
      const to = epochMs(request.query.to) ?? Date.now();
      const from = epochMs(request.query.from) ?? to - DAY_MS;
      assertOrdered(from, to);
      const counts = await countLogLevels(await hub.files(), from, to);
      return { success: true as const, from: new Date(from).toISOString(), to: new Date(to).toISOString(), ...counts };
    },
  });
};
