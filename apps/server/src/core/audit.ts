import type { AuditAction } from '@guildhall/contract';

/**
 * Who did something: a signed-in admin, a signed-in community user, someone who was not (yet) signed in, the CLI
 * or the server itself.
 */
export type AuditActor =
  | { type: 'admin'; id: string; name: string }
  | { type: 'user'; id: string; name: string }
  | { type: 'anonymous'; name: string | null }
  | { type: 'cli' }
  | { type: 'system' };

/** One audit record: who, what (an action of the contract's catalog), on what, with which details, from where. */
/** Who asks for a change, and from where: every change is audited with both. */
export interface Requester {
  actor: AuditActor;
  ip: string;
}

export interface AuditRecord {
  actor: AuditActor;
  action: AuditAction;
  target?: { type: string; id: string };
  details?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * Where a record is written: the database or a transaction. The ground floor sits below services/db, so it names
 * only the one call it makes; every Queryable fits.
 */
export interface AuditWriter {
  query(sql: string, params?: readonly unknown[]): Promise<unknown>;
}

/** Writes an audit record (DESIGN.md: every destructive or privileged admin action). */
export async function recordAudit(db: AuditWriter, record: AuditRecord): Promise<void> {
  const { actor } = record;
  await db.query(
    `INSERT INTO audit_log (actor_type, actor_id, actor_name, action, target_type, target_id, details, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
    [
      actor.type,
      actor.type === 'admin' || actor.type === 'user' ? actor.id : null,
      actor.type === 'admin' || actor.type === 'user' || actor.type === 'anonymous' ? actor.name : null,
      record.action,
      record.target?.type ?? null,
      record.target?.id ?? null,
      JSON.stringify(record.details ?? {}),
      record.ip ?? null,
    ],
  );
}

/** An admin (the signed-in one, or an account signing in) as the audit log names who did something. */
export function adminActor(admin: { id: string; username: string }): Extract<AuditActor, { type: 'admin' }> {
  return { type: 'admin', id: admin.id, name: admin.username };
}
