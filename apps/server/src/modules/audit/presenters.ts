import type { AuditEntry } from '@guildhall/contract';
import type { AuditPageRow } from './queries';

/** An audit record as the audit log screen and the API show it. */
export function presentAuditEntry(row: AuditPageRow): AuditEntry {
  return {
    id: row.id,
    actorType: row.actor_type,
    actorId: row.actor_id,
    actorName: row.actor_name,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetName: row.target_name,
    details: row.details ?? {},
    ip: row.ip,
    createdAt: row.created_at.toISOString(),
  };
}
