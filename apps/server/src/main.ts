import { existsSync } from 'node:fs';
import { buildApp } from './app';
import { loadConfig } from './config';

/** Stop waiting for open connections after this long on shutdown. */
const SHUTDOWN_GRACE_MS = 10_000;

// A .env in the working folder fills in settings the environment does not already set.
if (existsSync('.env')) process.loadEnvFile('.env');

const config = loadConfig();
const startedAt = performance.now();
const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
app.log.info(
  { url: config.publicUrl, database: app.services.db.kind, startupMs: Math.round(performance.now() - startedAt) },
  'Guildhall is ready',
);

let isStopping = false;
async function shutdown(signal: string) {
  if (isStopping) return;
  isStopping = true;
  app.log.info({ signal }, 'shutting down');
  const forced = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  forced.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
// A stray rejection is a bug to log, not a reason to drop every admin's connection.
process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));
