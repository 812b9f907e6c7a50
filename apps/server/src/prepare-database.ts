import type { FastifyInstance } from 'fastify';
import { AppError } from './core/app-error';
import { ensureFirstAdmin } from './seed/first-admin';
import { seedCombatEvents } from './seed/seed-combat-events';
import { seedDemoData } from './seed/seed-demo-data';
import { seedGuildData } from './seed/seed-guild-data';
import { seedMemberNames } from './seed/seed-member-names';
import { seedPlayerAccounts } from './seed/seed-player-accounts';
import { seedTrainingData } from './seed/seed-training-data';
import { migrate } from './services/db/migrate';

const RETRY_DELAY_MS = { first: 1000, max: 15_000 };

/** Migrations, then the first admin, then (once, when enabled) the demo data set. */
async function prepareOnce(app: FastifyInstance) {
  const { db } = app.services;
  const applied = await migrate(db);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  // After migrations (which make the read-only role): how the SQL runner stays read-only; warns when unsafe.
  await app.services.readonlyAccess.check(db);
  await ensureFirstAdmin(db, app.config, app.log);
  if (app.config.seedDemoData) {
    const seeded = await seedDemoData(db);
    if (seeded) app.log.info(seeded, 'demo data seeded');
    const guildData = await seedGuildData(db);
    if (guildData) app.log.info(guildData, 'demo guild data seeded');
    const memberNames = await seedMemberNames(db);
    if (memberNames) app.log.info(memberNames, 'demo member names seeded');
    const playerAccounts = await seedPlayerAccounts(db);
    if (playerAccounts) app.log.info(playerAccounts, 'demo player accounts seeded');
    const trainingData = await seedTrainingData(db);
    if (trainingData) app.log.info(trainingData, 'demo agent turns and training samples seeded');
    // Not awaited: InfluxDB being slow or down must not hold the start; the next start tries again.
    seedCombatEvents(db, app.services.influx)
      .then((combat) => combat && app.log.info(combat, 'demo combat events written to InfluxDB'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'demo combat events not written; next start tries again'));
  }
  app.isDatabaseReady = true;
}

const isUnreachable = (error: unknown) => error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE';

/**
 * Prepares the database before the app serves. A PostgreSQL that does not answer yet is retried in
 * the background (with /readyz answering 503 meanwhile) instead of failing the start; any other
 * failure, such as a broken migration, stops the start.
 */
export async function prepareDatabase(app: FastifyInstance): Promise<void> {
  try {
    await prepareOnce(app);
    return;
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    app.log.error('PostgreSQL does not answer; retrying in the background (readiness stays 503 until it does)');
  }
  let delay = RETRY_DELAY_MS.first;
  let timer: NodeJS.Timeout | null = null;
  let isClosed = false;
  const retry = () => {
    timer = setTimeout(async () => {
      try {
        await prepareOnce(app);
        app.log.info('PostgreSQL answers again; the database is ready');
      } catch (error) {
        if (!isUnreachable(error)) app.log.error({ err: error }, 'database preparation failed');
        delay = Math.min(delay * 2, RETRY_DELAY_MS.max);
        if (!isClosed) retry();
      }
    }, delay);
    timer.unref();
  };
  retry();
  app.addHook('onClose', async () => {
    isClosed = true;
    if (timer) clearTimeout(timer);
  });
}
