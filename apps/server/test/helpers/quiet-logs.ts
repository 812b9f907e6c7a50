import type { FastifyInstance } from 'fastify';
import pino from 'pino';

/**
 * Keeps an app's log lines off the test run's stdout while they still reach its files and live-tail ring: the log
 * tests write many lines (megabytes for a slow client) that would only bury the test report.
 */
export function muteStdout(app: FastifyInstance) {
  const multistream = (
    app.log as unknown as Record<symbol, { streams: { stream: { fd?: number; write(line: string): void } }[] }>
  )[pino.symbols.streamSym];
  for (const entry of multistream!.streams) if (entry.stream.fd === 1) entry.stream = { write: () => undefined };
}
