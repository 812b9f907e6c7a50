import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../core/event-bus';
import type { Db } from '../../services/db/db';
import type { JobQueue } from '../../services/job-queue';

/** What the loot module needs from the app: the database, the job queue its weekly decay runs on, the bus it tells. */
export interface LootDeps {
  db: Db;
  jobs: JobQueue;
  bus: EventBus;
}

/** The operations' dependencies, taken from the app. */
export const lootDepsOf = (app: FastifyInstance): LootDeps => ({ db: app.services.db, jobs: app.jobs, bus: app.bus });
