import { GAME_DATA_MESSAGES } from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import { createProfileApi } from '../../services/battlenet/profile-api';
import type { Db } from '../../services/db/db';
import { createRaiderIoApi } from '../../services/game-data/raiderio';
import { createWarcraftLogsApi } from '../../services/game-data/warcraftlogs';
import { createWowAuditApi } from '../../services/game-data/wowaudit';
import type { JobKind, JobQueue } from '../../services/job-queue';
import { type SecretBox, secretBoxOf } from '../guild-config/secret-box';
import { logsImport } from './import-logs';
import { type RosterSyncInput, type RosterSyncProgress, type RosterSyncResult, rosterSyncJob } from './roster-sync-job';
import { type SourceSyncKind, sourceSyncKind } from './source-sync-job';
import { raiderIoSync } from './sync-raiderio';
import { wowAuditSync } from './sync-wowaudit';

/** What the data sources need from the app: the database, the job queue, and the outside sources' clients. */
export interface DataSourcesDeps {
  db: Db;
  jobs: JobQueue;
  rosterSync: JobKind<RosterSyncInput, RosterSyncProgress, RosterSyncResult>;
  isBattlenetConfigured: boolean;
  raiderIoSync: SourceSyncKind;
  wowAuditSync: SourceSyncKind;
  logsImport: SourceSyncKind;
  isWarcraftLogsConfigured: boolean;
  /** Seals the guilds' source keys (CONFIG_SECRET_KEY, as the guild settings' secrets). */
  secrets: SecretBox;
}

/** The module's deps, built once where its routes are registered (which also registers its job kinds). */
export function depsOf(app: FastifyInstance): DataSourcesDeps {
  const db = app.services.db;
  const api = createProfileApi(app.config.battlenet);
  const logs = createWarcraftLogsApi(app.config.gameData);
  const secrets = secretBoxOf(app);
  const deps: DataSourcesDeps = {
    db,
    jobs: app.jobs,
    rosterSync: rosterSyncJob(api, db),
    isBattlenetConfigured: api !== null,
    raiderIoSync: sourceSyncKind('raiderio_sync', 'raiderio', raiderIoSync(createRaiderIoApi(app.config.gameData)), ''),
    wowAuditSync: sourceSyncKind(
      'wowaudit_sync',
      'wowaudit',
      wowAuditSync(createWowAuditApi(app.config.gameData), db, secrets),
      '',
    ),
    logsImport: sourceSyncKind(
      'warcraftlogs_import',
      'combat_log',
      logs ? logsImport(logs, db) : null,
      GAME_DATA_MESSAGES.warcraftLogsNotConfigured,
    ),
    isWarcraftLogsConfigured: logs !== null,
    secrets,
  };
  for (const kind of [deps.rosterSync, deps.raiderIoSync, deps.wowAuditSync, deps.logsImport])
    app.jobs.register(kind as JobKind<unknown, unknown, unknown>);
  return deps;
}
