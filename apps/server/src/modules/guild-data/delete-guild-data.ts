import { GUILD_MESSAGES, type GuildDataKind, guildNotFound } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import type { EventBus } from '../../core/event-bus';
import type { Db } from '../../services/db/db';
import type { RedisConnection } from '../../services/redis';
import { dropGuildCache } from './cache-size';
import { deleteGuildDataRows, lockGuildName } from './queries';

/** What deleting guild data needs from the app. */
export interface DeleteDataDeps {
  db: Db;
  redis: RedisConnection | null;
  bus: EventBus;
}

/**
 * Deletes every kind of a guild's data (its loot system's included), keeping the guild tenant with its settings and
 * loot settings versions, in one transaction, once the typed confirmation equals the guild's name exactly (checked
 * here too, not only in the browser): otherwise 400 and nothing is deleted. Audited with the rows removed per kind,
 * which it also returns.
 */
export async function deleteGuildData(
  deps: DeleteDataDeps,
  guildId: string,
  confirmation: string,
  by: Requester,
): Promise<Record<GuildDataKind, number>> {
  const removed = await deps.db.transaction(async (tx) => {
    const name = await lockGuildName(tx, guildId);
    if (name === null) throw AppError.notFound(guildNotFound(guildId));
    if (confirmation !== name) throw AppError.invalidField('confirmation', GUILD_MESSAGES.confirmationMismatch);
    const counts = await deleteGuildDataRows(tx, guildId);
    await recordAudit(tx, {
      actor: by.actor,
      action: 'guild.data_deleted',
      target: { type: 'guild', id: guildId },
      details: { guild_name: name, removed: counts },
      ip: by.ip,
    });
    return counts;
  });
  await dropGuildCache(deps.redis, guildId);
  deps.bus.publish({ type: 'guilds.changed', change: 'data-deleted', guildIds: [guildId] });
  return removed;
}
