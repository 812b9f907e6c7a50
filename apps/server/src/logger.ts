import { createRequire } from 'node:module';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream, type Logger, type StreamEntry } from 'pino';
import type { Config } from './config';
import { type LogFileWriter, openLogFileWriter } from './core/logs/log-file-writer';
import { LogHub } from './core/logs/log-hub';
import { redactLogLine } from './core/logs/redaction';

/** pino-pretty is a dev dependency: a production install does not have it. */
function hasPrettyPrinter(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

// One stdout stream per process, shared by every app a test process builds: fd 1 is never closed.
let stdoutStream: Promise<DestinationStream> | null = null;

/** JSON lines on stdout, pretty only on a developer's terminal. */
function stdoutDestination(config: Pick<Config, 'isProduction'>): Promise<DestinationStream> {
  stdoutStream ??= (async () => {
    const isPretty = Boolean(process.stdout.isTTY) && !config.isProduction && hasPrettyPrinter();
    if (!isPretty) return pino.destination({ dest: 1, sync: false });
    const { default: pretty } = await import('pino-pretty');
    return pretty({ translateTime: 'HH:MM:ss', ignore: 'pid,hostname,instance' });
  })();
  return stdoutStream;
}

/** The process's logger and where its lines go besides stdout. */
export interface Logging {
  /** Fastify's loggerInstance (typed as Fastify's logger, so the app keeps its usual type). */
  logger: FastifyBaseLogger;
  /** The ring, the live tails and the files (app.logHub). */
  hub: LogHub;
  /** Ends the files; call it last, once nothing more is logged. */
  close(): Promise<void>;
}

/**
 * pino writing each line, redacted, to stdout, to this instance's rotating files under config.logs.dir and to the
 * ring live tails read. Every line names the instance; each call makes a logger (and files) of its own.
 */
export async function createLogging(config: Pick<Config, 'logLevel' | 'isProduction' | 'instanceId' | 'logs'>): Promise<Logging> {
  const hub = new LogHub({ dir: config.logs.dir, instanceId: config.instanceId });
  let logger: Logger | null = null;
  let files: LogFileWriter | null = null;
  let fileFailure: unknown = null;
  try {
    files = await openLogFileWriter({ ...config.logs, instanceId: config.instanceId }, (error) =>
      logger?.error({ err: error }, 'log files cannot be written; logging to stdout and the live tail only'),
    );
  } catch (error) {
    fileFailure = error;
  }
  hub.attachFiles(files);

  // multistream sends a line to each stream at or above the stream's level; 'silent' is not a stream level.
  const streamLevel = config.logLevel === 'silent' ? 'fatal' : config.logLevel;
  const streams: StreamEntry[] = [
    { level: streamLevel, stream: await stdoutDestination(config) },
    { level: streamLevel, stream: hub.stream },
    ...(files ? [{ level: streamLevel, stream: files }] : []),
  ];
  logger = pino(
    {
      level: config.logLevel,
      base: { pid: process.pid, hostname: os.hostname(), instance: config.instanceId },
      // On the finished line rather than with pino's redact paths: any depth, messages included, and a fraction
      // of the cost of wildcard paths.
      hooks: { streamWrite: redactLogLine },
    },
    pino.multistream(streams),
  );
  if (fileFailure) logger.error({ err: fileFailure }, 'log files cannot be opened; logging to stdout and the live tail only');

  return {
    logger,
    hub,
    close: async () => {
      await files?.close();
    },
  };
}
