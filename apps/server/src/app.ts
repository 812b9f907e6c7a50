import './app-context';
import fastifyCookie from '@fastify/cookie';
import { type ErrorResponse, errorStatus, SERVER_MESSAGES } from '@guildhall/contract';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerApiDocs } from './api-docs';
import { createHitCounter } from './auth/hit-counter';
import { registerAdminRouteAccess } from './auth/require-admin';
import type { Config } from './config';
import { createEventBus } from './core/event-bus';
import { registerCsrfGuard } from './http/csrf-guard';
import { registerErrorHandler } from './http/error-handler';
import { acceptEmptyJsonBodies, countResponses, holdApiUntilDatabaseReady } from './http/request-hooks';
import { registerSecurityHeaders, routerRefusalHeaders } from './http/security-headers';
import { refuseUnsafeText } from './http/text-hygiene';
import { validatorCompiler } from './http/validator-compiler';
import { registerWebApp } from './http/web-app';
import { JobRunner } from './jobs/job-runner';
import { registerMlExportCleanup } from './jobs/ml-export-cleanup';
import { registerTokenCleanup } from './jobs/token-cleanup';
import { attachLiveConnection } from './live/live-connection';
import { createLogging } from './logger';
import { adminAuthRoutes } from './modules/admin-auth/routes';
import { adminRoleRoutes } from './modules/admin-roles/routes';
import { adminUserRoutes } from './modules/admin-users/routes';
import { aiTurnRoutes } from './modules/ai-turns/routes';
import { alertRoutes } from './modules/alerts/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { auditLogRoutes } from './modules/audit/routes';
import { battlenetRoutes } from './modules/battlenet/routes';
import { botIngestRoutes } from './modules/bot-ingest/routes';
import { characterLinkingRoutes } from './modules/character-linking/routes';
import { createCommunityKit } from './modules/community-auth/community-kit';
import { communityAuthRoutes } from './modules/community-auth/routes';
import { communityGuildRoutes } from './modules/community-guild/routes';
import { databaseQueryRoutes } from './modules/database-manager/query-routes';
import { databaseManagerRoutes } from './modules/database-manager/routes';
import { discordAccountRoutes } from './modules/discord-accounts/routes';
import { communityGuildConfigRoutes } from './modules/guild-config/community-routes';
import { guildConfigRoutes } from './modules/guild-config/routes';
import { guildDataRoutes } from './modules/guild-data/routes';
import { guildInviteRoutes } from './modules/guild-invites/routes';
import { guildGrantRoutes } from './modules/guild-permissions/routes';
import { guildRoutes } from './modules/guilds/routes';
import { influxManagerRoutes } from './modules/influx-manager/routes';
import { logRoutes } from './modules/logs/routes';
import { mailOutboxRoutes } from './modules/mail-outbox/routes';
import { meRoutes } from './modules/me/routes';
import { prometheusRoutes } from './modules/metrics/prometheus-route';
import { metricsRoutes } from './modules/metrics/routes';
import { Monitoring } from './modules/monitoring/monitoring';
import { monitoringRoutes } from './modules/monitoring/routes';
import { playerAccountRoutes } from './modules/player-accounts/routes';
import { rawDataRoutes } from './modules/raw-data/routes';
import { redisManagerRoutes } from './modules/redis-manager/routes';
import { systemSettingsRoutes } from './modules/system-settings/routes';
import { trainingExportRoutes } from './modules/training-data/export-routes';
import { trainingDataRoutes } from './modules/training-data/routes';
import { prepareDatabase } from './prepare-database';
import { probeRoutes } from './probes';
import { connectServices } from './services/services';
import { createSystemSettings } from './services/system-settings';

/**
 * Builds the whole server, in boot order: outside services → app pieces (security headers, errors, CSRF, bus,
 * monitoring) → routes → web app → live connection → database preparation. Tests build it exactly like main.ts.
 */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const logging = await createLogging(config);
  const app = Fastify({
    loggerInstance: logging.logger,
    trustProxy: config.trustProxy,
    // countResponses logs each request once, at a level that keeps dashboard polling quiet.
    logController: new LogController({ disableRequestLogging: true }),
    // The router's own refusals (broken percent-encoding, a path parameter past 100 characters) in the app's shape,
    // without echoing the path as Fastify's default answer does. They skip every hook, helmet's too: its headers are
    // set here.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const isTooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const code = isTooLong ? 'PATH_TOO_LONG' : 'VALIDATION_FAILED';
      const body: ErrorResponse = {
        success: false,
        error: isTooLong ? SERVER_MESSAGES.pathPartTooLong : SERVER_MESSAGES.badUrl,
        code,
      };
      void reply.code(errorStatus(code)).headers(routerRefusalHeaders(config.publicUrl)).send(body);
    },
  });
  app.decorate('logHub', logging.hub);
  // Added first, so it runs last on close: whatever the other close hooks log still reaches the files.
  app.addHook('onClose', () => logging.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('isDatabaseReady', false);
  app.decorateRequest('adminSession', null);
  app.decorateRequest('communityPrincipal', null);
  app.decorateRequest('guildScope', null);
  registerAdminRouteAccess(app);

  const services = await connectServices(config, app.log);
  const bus = createEventBus(app.log);
  const monitoring = new Monitoring({
    services,
    bus,
    healthIntervalMs: config.healthCheckIntervalMs,
    metricsPushMs: config.live.metricsPushMs,
    metricsSampleMs: config.metrics.sampleMs,
    instanceId: config.instanceId,
    log: app.log,
  });
  app.decorate('services', services);
  app.decorate('bus', bus);
  app.decorate('hitCounter', createHitCounter(services.redis, app.log));
  app.decorate('monitoring', monitoring);
  const systemSettings = createSystemSettings({ db: services.db, config, log: app.log });
  app.decorate('systemSettings', systemSettings);
  const community = createCommunityKit(config, services, app.log, systemSettings);
  app.decorate('community', community);
  app.addHook('onClose', async () => {
    monitoring.stop();
    // Mail still being written needs the database: let it finish first.
    await community.afterReply.settle();
    await services.close();
  });
  // The one job runner: modules register their kinds on it as their routes load; it claims once the database is
  // ready. Added after the services' hook, so it stops (and lets go of the database) before they close.
  const jobs = new JobRunner({ db: services.db, bus, log: app.log, instanceId: config.instanceId, ...config.jobs });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.close());
  monitoring.metrics.listJobKindsWith(() => jobs.kinds());

  try {
    await registerSecurityHeaders(app, config.publicUrl);
    registerErrorHandler(app);
    acceptEmptyJsonBodies(app);
    refuseUnsafeText(app);
    await app.register(fastifyCookie);
    registerCsrfGuard(app, config.publicOrigin);
    countResponses(app);
    holdApiUntilDatabaseReady(app);
    await registerApiDocs(app);

    const routes = app.withTypeProvider<ZodTypeProvider>();
    await routes.register(probeRoutes);
    await routes.register(adminAuthRoutes);
    await routes.register(monitoringRoutes);
    await routes.register(metricsRoutes);
    await routes.register(prometheusRoutes);
    await routes.register(alertRoutes);
    await routes.register(logRoutes);
    await routes.register(mailOutboxRoutes);
    await routes.register(databaseQueryRoutes);
    await routes.register(communityAuthRoutes);
    await routes.register(meRoutes);
    await routes.register(communityGuildRoutes);
    await routes.register(guildRoutes);
    await routes.register(guildDataRoutes);
    await routes.register(guildInviteRoutes);
    await routes.register(characterLinkingRoutes);
    await routes.register(playerAccountRoutes);
    await routes.register(discordAccountRoutes);
    await routes.register(battlenetRoutes);
    await routes.register(databaseManagerRoutes);
    await routes.register(influxManagerRoutes);
    await routes.register(redisManagerRoutes);
    await routes.register(adminUserRoutes);
    await routes.register(adminRoleRoutes);
    await routes.register(auditLogRoutes);
    await routes.register(guildGrantRoutes);
    await routes.register(guildConfigRoutes);
    await routes.register(communityGuildConfigRoutes);
    await routes.register(systemSettingsRoutes);
    await routes.register(botIngestRoutes);
    await routes.register(trainingDataRoutes);
    await routes.register(trainingExportRoutes);
    await routes.register(aiTurnRoutes);
    await routes.register(analyticsRoutes);
    await routes.register(rawDataRoutes);
    await registerWebApp(app, config.webDistDir);
    attachLiveConnection(app);

    await prepareDatabase(app);
    await monitoring.start();
    jobs.start();
    registerTokenCleanup(app);
    registerMlExportCleanup(app);
    await app.ready();
    return app;
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
}
