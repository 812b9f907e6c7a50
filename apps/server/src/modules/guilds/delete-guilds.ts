import { bulkGuildsDone } from '@guildhall/contract';
import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import type { GuildDeps } from './guild-deps';
import { lockExistingGuilds } from './lock-existing';
import { deleteGuildRows } from './queries';

/**
 * Deletes guild tenants and everything they own (characters, raids, loot, members, links: ON DELETE
 * CASCADE) in one transaction: an unknown id fails the whole call with 404 and nothing is deleted.
 * Audited once per guild, so each tenant's record names it.
 */
export async function deleteGuilds(deps: GuildDeps, ids: readonly string[], by: Requester): Promise<number> {
  const deleted = await deps.db.transaction(async (tx) => {
    const existing = await lockExistingGuilds(tx, ids);
    const rows = await deleteGuildRows(tx, existing);
    for (const row of rows) {
      await recordAudit(tx, {
        actor: by.actor,
        action: 'guild.deleted',
        target: { type: 'guild', id: row.id },
        details: { guild_name: row.guild_name, ...(ids.length > 1 ? { bulk: true, count: rows.length } : {}) },
        ip: by.ip,
      });
    }
    return rows.map((row) => row.id);
  });
  deps.bus.publish({ type: 'guilds.changed', change: 'deleted', guildIds: deleted });
  return deleted.length;
}

/** The bulk delete's summary. */
export const deletedMessage = (n: number) => bulkGuildsDone(n, 'deleted');
