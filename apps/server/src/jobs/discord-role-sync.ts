import type { FastifyInstance } from 'fastify';
import { followRosterChanges } from '../modules/role-sync/follow-roster';
import { selectEnabledGuilds } from '../modules/role-sync/queries';
import { roleSyncDepsOf } from '../modules/role-sync/role-sync-deps';
import { queueRoleSync } from '../modules/role-sync/sync-roles';
import { PeriodicJob } from './periodic-job';

/**
 * Every DISCORD_ROLE_SYNC_INTERVAL_MS (an hour): each guild with role sync on gets a sync job (issue 33), so roles
 * follow the attendance rule as raids pass; a guild with one queued or running gets no second. A roster change (a
 * mark, a link) queues its guild's sync a few seconds later.
 */
export function registerDiscordRoleSync(app: FastifyInstance): PeriodicJob | null {
  const deps = roleSyncDepsOf(app);
  if (!deps.rest.hasBotToken) return null;
  const { roleSyncIntervalMs, roleSyncSettleMs } = app.config.discord;
  const job = new PeriodicJob(
    { firstRunDelayMs: Math.min(roleSyncIntervalMs, 300_000), intervalMs: roleSyncIntervalMs },
    async () => {
      if (!app.isDatabaseReady) return;
      try {
        let queued = 0;
        for (const { guild_id } of await selectEnabledGuilds(deps.db)) {
          if (await queueRoleSync(deps, guild_id, { actor: { type: 'system' }, ip: null })) queued += 1;
        }
        if (queued > 0) app.log.info({ queued }, 'Discord role syncs queued');
      } catch (error) {
        app.log.warn({ err: error }, 'Discord role syncs could not be queued; the next run tries again');
      }
    },
  );
  const stopFollowing = followRosterChanges(deps, app.bus, roleSyncSettleMs, (error) =>
    app.log.warn({ err: error }, 'Discord role sync could not be queued after a roster change'),
  );
  app.addHook('onClose', () => {
    stopFollowing();
    return job.stop();
  });
  job.start();
  return job;
}
