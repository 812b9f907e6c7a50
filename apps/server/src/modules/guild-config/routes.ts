import { ADMIN_ABILITIES, CONFIG_MESSAGES, findAdminScreen, guildConfigApi, type Permission } from '@guildhall/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf, guardAdminRoutes, requireAdmin } from '../../auth/require-admin';
import { AppError } from '../../core/app-error';
import { adminActor } from '../../core/audit';
import { contractRoute } from '../../http/contract-route';
import { guildConfigAiRoutes } from './ai-routes';
import { applyToGuilds } from './apply-to-guilds';
import { compareGuilds } from './compare-guilds';
import type { ConfigEditor } from './guild-config-deps';
import { listConfigGuilds } from './list-config-guilds';
import { listVersions } from './list-versions';
import { readGuildSettings } from './read-guild-settings';
import { resetGuildCategory } from './reset-guild-category';
import { rollbackGuildCategory } from './rollback-guild-category';
import { secretBoxOf } from './secret-box';
import { type CategorizedValues, categorizedErrors, refuseFields } from './settings-catalog';
import { applyTemplate, createTemplate, deleteTemplate, listTemplates } from './templates';
import { updateGuildCategory } from './update-guild-category';

const TAG = 'Guild configuration';

/** Who may change guild settings; reading needs only the screen's access (settings.view). */
export const CONFIG_WRITE_ACCESS: readonly Permission[] = ADMIN_ABILITIES.editGuildSettings;

const editorOf = (request: FastifyRequest): ConfigEditor => ({
  actor: adminActor(adminSessionOf(request).admin),
  ip: request.ip,
});

/** The guild configuration API (issue 15; spec 2 §7 Configuration): reading settings.view, writing admin.system_config. */
export const guildConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAdminRoutes(app, findAdminScreen('/admin/configuration')!.anyOf);
  const { db } = app.services;
  // Made now: a malformed CONFIG_SECRET_KEY refuses the start.
  const secrets = secretBoxOf(app);
  const write = { onRequest: requireAdmin(CONFIG_WRITE_ACCESS) };

  app.route({
    ...contractRoute(guildConfigApi.guilds, TAG),
    handler: async (request) => ({ success: true as const, guilds: await listConfigGuilds(db, request.query.search) }),
  });

  app.route({
    ...contractRoute(guildConfigApi.settings, TAG),
    handler: async (request) => ({
      success: true as const,
      ...(await readGuildSettings(db, request.params.id, request.query.category)),
    }),
  });

  app.route({
    ...contractRoute(guildConfigApi.update, TAG),
    ...write,
    handler: async (request) => ({
      success: true as const,
      category: await updateGuildCategory(
        db,
        secrets,
        request.params.id,
        request.body.category,
        request.body.settings,
        editorOf(request),
      ),
      message: CONFIG_MESSAGES.saved,
    }),
  });

  app.route({
    ...contractRoute(guildConfigApi.versions, TAG),
    handler: async (request) => ({
      success: true as const,
      versions: await listVersions(db, request.params.id, request.query),
    }),
  });

  app.route({
    ...contractRoute(guildConfigApi.rollback, TAG),
    ...write,
    handler: async (request) => ({
      success: true as const,
      category: await rollbackGuildCategory(
        db,
        request.params.id,
        request.body.category,
        request.body.version,
        editorOf(request),
      ),
      message: CONFIG_MESSAGES.rolledBack(request.body.version),
    }),
  });

  app.route({
    ...contractRoute(guildConfigApi.reset, TAG),
    ...write,
    handler: async (request) => ({
      success: true as const,
      category: await resetGuildCategory(db, request.params.id, request.body.category, editorOf(request)),
      message: CONFIG_MESSAGES.categoryReset,
    }),
  });

  app.route({
    ...contractRoute(guildConfigApi.bulkUpdate, TAG),
    ...write,
    handler: async (request) => {
      const settings = request.body.settings as CategorizedValues;
      refuseFields(categorizedErrors(settings));
      if (!Object.values(settings).some((values) => values && Object.keys(values).length > 0))
        throw AppError.invalidField('settings', CONFIG_MESSAGES.noSettings);
      const guilds = await applyToGuilds(
        db,
        secrets,
        { ...request.body, settings, action: 'bulk', note: null },
        editorOf(request),
      );
      return {
        success: true as const,
        applied: !request.body.preview,
        guilds,
        ...(request.body.preview ? {} : { message: CONFIG_MESSAGES.bulkApplied(guilds.length) }),
      };
    },
  });

  app.route({
    ...contractRoute(guildConfigApi.templates, TAG),
    handler: async () => ({ success: true as const, templates: await listTemplates(db) }),
  });

  app.route({
    ...contractRoute(guildConfigApi.createTemplate, TAG),
    ...write,
    handler: async (request) => ({
      success: true as const,
      template: await createTemplate(db, request.body, editorOf(request)),
      message: CONFIG_MESSAGES.templateCreated,
    }),
  });

  app.route({
    ...contractRoute(guildConfigApi.applyTemplate, TAG),
    ...write,
    handler: async (request) => {
      const guilds = await applyTemplate(db, secrets, request.params.id, request.body, editorOf(request));
      return {
        success: true as const,
        applied: !request.body.preview,
        guilds,
        ...(request.body.preview ? {} : { message: CONFIG_MESSAGES.templateApplied(guilds.length) }),
      };
    },
  });

  app.route({
    ...contractRoute(guildConfigApi.deleteTemplate, TAG),
    ...write,
    handler: async (request) => {
      await deleteTemplate(db, request.params.id, editorOf(request));
      return { success: true as const, message: CONFIG_MESSAGES.templateDeleted };
    },
  });

  app.route({
    ...contractRoute(guildConfigApi.compare, TAG),
    handler: async (request) => ({ success: true as const, ...(await compareGuilds(db, request.query.guildIds)) }),
  });

  await app.register(guildConfigAiRoutes);
};
