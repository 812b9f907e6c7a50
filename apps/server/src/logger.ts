import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/** pino-pretty is a dev dependency: a production install does not have it. */
function hasPrettyPrinter(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** pino settings: JSON lines, pretty only on a developer's terminal. */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'isProduction'>): FastifyServerOptions['logger'] {
  const isPretty = Boolean(process.stdout.isTTY) && !config.isProduction && hasPrettyPrinter();
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    ...(isPretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  };
}
