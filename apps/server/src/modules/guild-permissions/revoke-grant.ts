import { GUILD_GRANT_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import { deleteGrant } from './grant-queries';

/** Revokes one granted permission by id; 404 when there is no such grant (or it was revoked already). Audited. */
export async function revokeGrant(db: Db, grantId: string, by: Requester): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await deleteGrant(tx, grantId);
    if (!removed) throw AppError.notFound(GUILD_GRANT_MESSAGES.grantNotFound);
    await recordAudit(tx, {
      actor: by.actor,
      action: 'guild.access_revoked',
      target: { type: 'guild', id: removed.guild_id },
      details: {
        grantId: removed.id,
        guildName: removed.guild_name,
        userId: removed.user_id,
        username: removed.username,
        email: removed.email,
        discordId: removed.discord_id,
        permission: removed.permission,
        grantedBy: removed.granted_by,
        grantedAt: removed.granted_at.toISOString(),
      },
      ip: by.ip,
    });
  });
}
