import { GUILD_INVITE_MESSAGES, type GuildInvite } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import type { InviteManager } from './invite-manager';
import { presentInvite } from './presenters';
import { findInvite, markInviteRevoked } from './queries';

/**
 * Revokes one of the guild's links: nobody can join through it afterwards. A link of another guild is not
 * found; one revoked already is a 409. Audited as guild.invite_revoked.
 */
export async function revokeInvite(
  db: Db,
  request: { tenantId: string; inviteId: string; manager: InviteManager },
): Promise<GuildInvite> {
  const { tenantId, inviteId, manager } = request;
  return db.transaction(async (tx) => {
    if (!(await markInviteRevoked(tx, tenantId, inviteId))) {
      const existing = await findInvite(tx, tenantId, inviteId);
      if (!existing) throw AppError.notFound(GUILD_INVITE_MESSAGES.linkNotFound);
      throw new AppError('CONFLICT', GUILD_INVITE_MESSAGES.alreadyRevoked);
    }
    const row = (await findInvite(tx, tenantId, inviteId))!;
    await recordAudit(tx, {
      actor: manager.actor,
      action: 'guild.invite_revoked',
      target: { type: 'guild', id: tenantId },
      details: { inviteId, uses: row.uses, maxUses: row.max_uses },
      ip: manager.ip,
    });
    return presentInvite(row);
  });
}
