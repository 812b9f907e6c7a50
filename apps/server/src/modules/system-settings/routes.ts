import { ADMIN_ABILITIES, findAdminScreen, SYSTEM_SETTING_MESSAGES, systemSettingsApi } from '@guildhall/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf, guardAdminRoutes, requireAdmin } from '../../auth/require-admin';
import { adminActor } from '../../core/audit';
import { contractRoute } from '../../http/contract-route';

const TAG = 'System settings';

/** System settings (issue 15; /admin/settings) and the public platform status every page reads. */
export const systemSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public: the sign-in and registration pages show the banner and whether sign-up is open.
  app.route({
    ...contractRoute(systemSettingsApi.status, TAG),
    handler: async () => {
      const values = await app.systemSettings.current();
      return {
        success: true as const,
        registrationOpen: values.registrationOpen,
        maintenanceBanner: values.maintenanceBannerEnabled ? values.maintenanceBannerText : null,
      };
    },
  });

  const adminRoutes: FastifyPluginAsyncZod = async (admin) => {
    // Reading: whoever may open the screen (settings.view); changing: admin.system_config.
    guardAdminRoutes(admin, findAdminScreen('/admin/settings')!.anyOf);

    admin.route({
      ...contractRoute(systemSettingsApi.list, TAG),
      handler: async () => ({ success: true as const, settings: await app.systemSettings.list() }),
    });

    admin.route({
      ...contractRoute(systemSettingsApi.update, TAG),
      onRequest: requireAdmin(ADMIN_ABILITIES.editSystemSettings),
      handler: async (request) => {
        const settings = await app.systemSettings.update(request.body.settings, {
          actor: adminActor(adminSessionOf(request).admin),
          ip: request.ip,
        });
        return { success: true as const, settings, message: SYSTEM_SETTING_MESSAGES.saved };
      },
    });
  };
  await app.register(adminRoutes);
};
