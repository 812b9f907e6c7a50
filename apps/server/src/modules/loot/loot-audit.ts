import type { AuditAction } from '@guildhall/contract';
import { recordAudit } from '../../core/audit';
import type { Queryable } from '../../services/db/db';
import type { LootMember } from './loot-member';

/** Records an officer's loot change in the audit log, in the change's transaction. */
export async function auditLoot(
  tx: Queryable,
  member: LootMember,
  action: Extract<AuditAction, `loot.${string}`>,
  target: { type: string; id: string },
  details: Record<string, unknown>,
): Promise<void> {
  await recordAudit(tx, {
    actor: member.requester.actor,
    action,
    target,
    details: { guildId: member.guildId, ...details },
    ip: member.requester.ip,
  });
}
