import './app-context';
import fastifyCookie from '@fastify/cookie';
import { type ErrorResponse, errorStatus, SERVER_MESSAGES } from '@guildhall/contract';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiDocument, registerApiDocsPages } from './api-docs';
import {
  communityPlugin,
  eventBusPlugin,
  hitCounterPlugin,
  jobsPlugin,
  monitoringPlugin,
  servicesPlugin,
  signingKeysPlugin,
  systemSettingsPlugin,
} from './app-plugins';
import { registerAdminRouteAccess } from './auth/require-admin';
import type { Config } from './config';
import { csrfGuard } from './http/csrf-guard';
import { errorEnvelope } from './http/error-handler';
import { databaseGate, jsonBodies, requestCounters } from './http/request-hooks';
import { securityHeaderMap, securityHeaders } from './http/security-headers';
import { textRules } from './http/text-hygiene';
import { validatorCompiler } from './http/validator-compiler';
import { registerWebApp } from './http/web-app';
import { registerAlertRepeats } from './jobs/alert-repeats';
import { registerDiscordBotUpkeep } from './jobs/discord-bot-upkeep';
import { registerDiscordRoleSync } from './jobs/discord-role-sync';
import { registerLootDecaySchedule } from './jobs/loot-decay-schedule';
import { registerMlExportCleanup } from './jobs/ml-export-cleanup';
import { registerRaidAttendance } from './jobs/raid-attendance';
import { registerRaidReminders } from './jobs/raid-reminders';
import { registerTokenCleanup } from './jobs/token-cleanup';
import { attachLiveConnection } from './live/live-connection';
import { createLogging } from './logger';
import { adminAuthRoutes } from './modules/admin-auth/routes';
import { adminNotificationRoutes } from './modules/admin-notifications/routes';
import { adminRoleRoutes } from './modules/admin-roles/routes';
import { adminUserRoutes } from './modules/admin-users/routes';
import { aiTurnRoutes } from './modules/ai-turns/routes';
import { alertDeliveryRoutes } from './modules/alert-delivery/routes';
import { alertRoutes } from './modules/alerts/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { auditLogRoutes } from './modules/audit/routes';
import { battlenetRoutes } from './modules/battlenet/routes';
import { botIngestRoutes } from './modules/bot-ingest/routes';
import { characterLinkingRoutes } from './modules/character-linking/routes';
import { communityAuthRoutes } from './modules/community-auth/routes';
import { communityGuildRoutes } from './modules/community-guild/routes';
import { dataSourcesRoutes } from './modules/data-sources/routes';
import { databaseQueryRoutes } from './modules/database-manager/query-routes';
import { databaseManagerRoutes } from './modules/database-manager/routes';
import { discordAccountRoutes } from './modules/discord-accounts/routes';
import { discordInteractionRoutes } from './modules/discord-bot/routes';
import { startDiscordBot } from './modules/discord-bot/start-bot';
import { communityGuildConfigRoutes } from './modules/guild-config/community-routes';
import { guildConfigRoutes } from './modules/guild-config/routes';
import { guildDataRoutes } from './modules/guild-data/routes';
import { guildInviteRoutes } from './modules/guild-invites/routes';
import { guildOptionRoutes } from './modules/guild-options/routes';
import { guildGrantRoutes } from './modules/guild-permissions/routes';
import { guildRoutes } from './modules/guilds/routes';
import { influxManagerRoutes } from './modules/influx-manager/routes';
import { logRoutes } from './modules/logs/routes';
import { lootRoutes } from './modules/loot/routes';
import { mailOutboxRoutes } from './modules/mail-outbox/routes';
import { meRoutes } from './modules/me/routes';
import { prometheusRoutes } from './modules/metrics/prometheus-route';
import { metricsRoutes } from './modules/metrics/routes';
import { monitoringRoutes } from './modules/monitoring/routes';
import { playerAccountRoutes } from './modules/player-accounts/routes';
import { raidAttendanceRoutes } from './modules/raids/attendance-routes';
import { raidRoutes } from './modules/raids/routes';
import { rawDataRoutes } from './modules/raw-data/routes';
import { redisManagerRoutes } from './modules/redis-manager/routes';
import { roleSyncRoutes } from './modules/role-sync/routes';
import { rosterRoutes } from './modules/roster/routes';
import { systemSettingsRoutes } from './modules/system-settings/routes';
import { trainingExportRoutes } from './modules/training-data/export-routes';
import { trainingDataRoutes } from './modules/training-data/routes';
import { prepareDatabase } from './prepare-database';
import { probeRoutes } from './probes';
import { connectServices } from './services/services';

/**
 * Everything but the probes, in a context of its own: the hooks a probe has no use for (JSON bodies, the text rules,
 * cookies, CSRF, request counting and its log line, the database gate) run on these routes and on the not-found
 * answer only, so a load balancer's /healthz costs little more than a bare Fastify answer. Each guarded subtree
 * hangs its own permission hook.
 */
const siteRoutes = fp(
  async (site) => {
    await site.register(jsonBodies);
    await site.register(textRules);
    await site.register(fastifyCookie);
    await site.register(csrfGuard);
    await site.register(requestCounters);
    await site.register(databaseGate);
    await registerApiDocsPages(site);

    const routes = site.withTypeProvider<ZodTypeProvider>();
    await routes.register(adminAuthRoutes);
    await routes.register(monitoringRoutes);
    await routes.register(metricsRoutes);
    await routes.register(prometheusRoutes);
    await routes.register(alertRoutes);
    await routes.register(alertDeliveryRoutes);
    await routes.register(logRoutes);
    await routes.register(mailOutboxRoutes);
    await routes.register(adminNotificationRoutes);
    await routes.register(databaseQueryRoutes);
    await routes.register(communityAuthRoutes);
    await routes.register(meRoutes);
    await routes.register(communityGuildRoutes);
    await routes.register(guildRoutes);
    await routes.register(guildDataRoutes);
    await routes.register(dataSourcesRoutes);
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
    await routes.register(guildOptionRoutes);
    await routes.register(guildConfigRoutes);
    await routes.register(communityGuildConfigRoutes);
    await routes.register(raidRoutes);
    await routes.register(lootRoutes);
    await routes.register(systemSettingsRoutes);
    await routes.register(botIngestRoutes);
    await routes.register(discordInteractionRoutes);
    await routes.register(trainingDataRoutes);
    await routes.register(trainingExportRoutes);
    await routes.register(aiTurnRoutes);
    await routes.register(analyticsRoutes);
    await routes.register(rawDataRoutes);
    await routes.register(raidAttendanceRoutes);
    await routes.register(rosterRoutes);
    await routes.register(roleSyncRoutes);
    await registerWebApp(site, site.config.webDistDir);
  },
  {
    name: 'site',
    encapsulate: true,
    dependencies: [
      'services',
      'event-bus',
      'hit-counter',
      'monitoring',
      'system-settings',
      'signing-keys',
      'community',
      'jobs',
      'security-headers',
      'error-envelope',
      'api-document',
    ],
  },
);

/**
 * Builds the whole server, in boot order: the named plugins that decorate the instance (app-plugins.ts) → security
 * headers and the error envelope on every answer → the probes → the site (its hooks, every route, the web app) →
 * live connection → database preparation. Tests build it exactly like main.ts.
 */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const logging = await createLogging(config);
  const refusalHeaders = securityHeaderMap(config.publicUrl);
  const app = Fastify({
    loggerInstance: logging.logger,
    trustProxy: config.trustProxy,
    // countResponses logs each request once, at a level that keeps dashboard polling quiet.
    logController: new LogController({ disableRequestLogging: true }),
    // The router's own refusals (broken percent-encoding, a path parameter past 100 characters) in the app's shape,
    // without echoing the path as Fastify's default answer does. They skip every hook, the security headers' too:
    // they are set here.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const isTooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const code = isTooLong ? 'PATH_TOO_LONG' : 'VALIDATION_FAILED';
      const body: ErrorResponse = {
        success: false,
        error: isTooLong ? SERVER_MESSAGES.pathPartTooLong : SERVER_MESSAGES.badUrl,
        code,
      };
      void reply.code(errorStatus(code)).headers(refusalHeaders).send(body);
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
  try {
    await app.register(servicesPlugin, { services });
    await app.register(eventBusPlugin);
    await app.register(hitCounterPlugin);
    await app.register(monitoringPlugin);
    await app.register(systemSettingsPlugin);
    await app.register(signingKeysPlugin);
    await app.register(communityPlugin);
    await app.register(jobsPlugin);

    // On every answer, the probes' too.
    await app.register(securityHeaders);
    await app.register(errorEnvelope);
    await app.register(apiDocument);
    await app.withTypeProvider<ZodTypeProvider>().register(probeRoutes);
    await app.register(siteRoutes);
    attachLiveConnection(app);

    await prepareDatabase(app);
    registerTokenCleanup(app);
    registerMlExportCleanup(app);
    registerAlertRepeats(app);
    startDiscordBot(app);
    registerDiscordBotUpkeep(app);
    registerDiscordRoleSync(app);
    registerRaidReminders(app);
    registerLootDecaySchedule(app);
    registerRaidAttendance(app);
    // Monitoring starts (its first health check) and then the job runner claims: their onReady hooks.
    await app.ready();
    return app;
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
}
