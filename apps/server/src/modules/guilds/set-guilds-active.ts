import { bulkGuildsDone } from '@guildhall/contract';
import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import type { GuildDeps } from './guild-deps';
import { lockExistingGuilds } from './lock-existing';
import { setGuildsActive } from './queries';

/** The bulk status actions of the list's bulk bar. */
export type StatusAction = 'activate' | 'deactivate';

/**
 * Activates or deactivates guild tenants in one transaction; an unknown id fails the whole call with
 * 404 and nothing changes. Returns how many guilds now have the status, and the summary to show.
 */
export async function setGuildsStatus(deps: GuildDeps, ids: readonly string[], action: StatusAction, by: Requester) {
  const isActive = action === 'activate';
  const updated = await deps.db.transaction(async (tx) => {
    const existing = await lockExistingGuilds(tx, ids);
    const count = await setGuildsActive(tx, existing, isActive);
    await recordAudit(tx, {
      actor: by.actor,
      action: isActive ? 'guild.activated' : 'guild.deactivated',
      // Several guilds have no one target; their ids are in the details.
      target: existing.length === 1 ? { type: 'guild', id: existing[0]! } : undefined,
      details: { guildIds: existing, count },
      ip: by.ip,
    });
    return { count, ids: existing };
  });
  deps.bus.publish({ type: 'guilds.changed', change: isActive ? 'activated' : 'deactivated', guildIds: updated.ids });
  return { updated: updated.count, message: bulkGuildsDone(updated.count, isActive ? 'activated' : 'deactivated') };
}
