import type { AuditAction } from '@guildhall/contract';
import { recordAudit } from '../../core/audit';
import type { Queryable } from '../../services/db/db';
import type { RaidMember } from './raid-member';

/**
 * Records an officer's change of a raid in the audit log, targeted at the raid: the raid's history is read from there
 * (its changed fields, a cancellation's reason and a series edit's scope are what members see of it).
 */
export async function auditRaid(
  tx: Queryable,
  member: RaidMember,
  action: Extract<AuditAction, `raid.${string}`>,
  raidId: string,
  details: Record<string, unknown>,
): Promise<void> {
  await recordAudit(tx, {
    actor: member.requester.actor,
    action,
    target: { type: 'raid', id: raidId },
    details: { guildId: member.guildId, ...details },
    ip: member.requester.ip,
  });
}
