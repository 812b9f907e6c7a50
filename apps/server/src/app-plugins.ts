import fp from 'fastify-plugin';
import { createHitCounter } from './auth/hit-counter';
import { createSigningKeys } from './auth/signing-keys';
import { createEventBus } from './core/event-bus';
import { JobRunner } from './jobs/job-runner';
import { createCommunityKit } from './modules/community-auth/community-kit';
import { Monitoring } from './modules/monitoring/monitoring';
import type { Services } from './services/services';
import { createSystemSettings } from './services/system-settings';

// What buildApp puts on the instance (app-context.ts types it), each a named plugin that declares what must be there
// before it: Fastify refuses to start when one is registered out of order. Their onClose hooks run in reverse order
// of registration, so the job runner stops first and the services close last.

/**
 * The outside services: database, Redis, InfluxDB, Discord, connected by the caller (connectServices) outside any
 * plugin: an embedded database can take longer to open than Fastify gives a plugin to load. A service that is down
 * does not stop the start.
 */
export const servicesPlugin = fp<{ services: Services }>(
  async (app, { services }) => {
    app.decorate('services', services);
    app.addHook('onClose', () => services.close());
  },
  { name: 'services' },
);

export const eventBusPlugin = fp(
  async (app) => {
    app.decorate('bus', createEventBus(app.log));
  },
  { name: 'event-bus' },
);

/** Rate limits and sign-in failure counts: Redis when it answers, this process otherwise. */
export const hitCounterPlugin = fp(
  async (app) => {
    app.decorate('hitCounter', createHitCounter(app.services.redis, app.log));
  },
  { name: 'hit-counter', dependencies: ['services'] },
);

/** Host sampler, request rate, health monitor, stored alerts and the metrics recorder; started once the app is ready. */
export const monitoringPlugin = fp(
  async (app) => {
    const { config } = app;
    const monitoring = new Monitoring({
      services: app.services,
      bus: app.bus,
      healthIntervalMs: config.healthCheckIntervalMs,
      metricsPushMs: config.live.metricsPushMs,
      metricsSampleMs: config.metrics.sampleMs,
      instanceId: config.instanceId,
      log: app.log,
    });
    app.decorate('monitoring', monitoring);
    // The first health check runs before the app answers.
    app.addHook('onReady', () => monitoring.start());
    app.addHook('onClose', () => monitoring.stop());
  },
  { name: 'monitoring', dependencies: ['services', 'event-bus'] },
);

/** Platform settings changed at run time, stored in PostgreSQL; the admin guard reads them. */
export const systemSettingsPlugin = fp(
  async (app) => {
    app.decorate('systemSettings', createSystemSettings({ db: app.services.db, config: app.config, log: app.log }));
  },
  { name: 'system-settings', dependencies: ['services'] },
);

/** The keys of community access tokens and sealed Discord tokens, which authentication (auth/) reads. */
export const signingKeysPlugin = fp(
  async (app) => {
    app.decorate('signingKeys', createSigningKeys(app.services.db, app.config.communityAuth.jwtSecret));
  },
  { name: 'signing-keys', dependencies: ['services'] },
);

/** What community sign-in needs beside the database: Discord, mail, the work done after a reply. */
export const communityPlugin = fp(
  async (app) => {
    const community = createCommunityKit(app.config, app.services, app.log, app.systemSettings, app.signingKeys);
    app.decorate('community', community);
    // Mail still being written needs the database: it settles before the services close.
    app.addHook('onClose', () => community.afterReply.settle());
  },
  { name: 'community', dependencies: ['services', 'system-settings', 'signing-keys'] },
);

/**
 * The one job runner: modules register their kinds on it as their routes load; it claims once the database is
 * ready. Registered after the services, so it stops (and lets go of the database) before they close.
 */
export const jobsPlugin = fp(
  async (app) => {
    const jobs = new JobRunner({
      db: app.services.db,
      bus: app.bus,
      log: app.log,
      instanceId: app.config.instanceId,
      ...app.config.jobs,
    });
    app.decorate('jobs', jobs);
    // Claims once the app is ready, after the database was prepared and monitoring started.
    app.addHook('onReady', async () => jobs.start());
    app.addHook('onClose', () => jobs.close());
    app.monitoring.metrics.listJobKindsWith(() => jobs.kinds());
  },
  { name: 'jobs', dependencies: ['services', 'event-bus', 'monitoring'] },
);
