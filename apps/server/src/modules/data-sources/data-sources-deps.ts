import type { FastifyInstance } from 'fastify';
import { createProfileApi } from '../../services/battlenet/profile-api';
import type { Db } from '../../services/db/db';
import type { JobKind, JobQueue } from '../../services/job-queue';
import { type RosterSyncInput, type RosterSyncProgress, type RosterSyncResult, rosterSyncJob } from './roster-sync-job';

/** What the data sources need from the app: the database, and for the roster the job queue and Battle.net. */
export interface DataSourcesDeps {
  db: Db;
  jobs: JobQueue;
  rosterSync: JobKind<RosterSyncInput, RosterSyncProgress, RosterSyncResult>;
  isBattlenetConfigured: boolean;
}

/** The module's deps, built once where its routes are registered (which also registers the roster sync kind). */
export function depsOf(app: FastifyInstance): DataSourcesDeps {
  const api = createProfileApi(app.config.battlenet);
  const deps = {
    db: app.services.db,
    jobs: app.jobs,
    rosterSync: rosterSyncJob(api, app.services.db),
    isBattlenetConfigured: api !== null,
  };
  app.jobs.register(deps.rosterSync);
  return deps;
}
