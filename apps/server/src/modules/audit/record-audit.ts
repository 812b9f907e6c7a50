import type { Queryable } from '../../services/db/db';

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

/** One audit record: who, what, on what, with which details, from where. */
export interface AuditEntry {
  actor: AuditActor;
  action: string;
  target?: { type: string; id: string };
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Writes an audit record (DESIGN.md: every destructive or privileged admin action). */
export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  const { actor } = entry;
  await db.query(
    `INSERT INTO audit_log (actor_type, actor_id, actor_name, action, target_type, target_id, details, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
    [
      actor.type,
      actor.type === 'admin' || actor.type === 'user' ? actor.id : null,
      actor.type === 'admin' || actor.type === 'user' || actor.type === 'anonymous' ? actor.name : null,
      entry.action,
      entry.target?.type ?? null,
      entry.target?.id ?? null,
      JSON.stringify(entry.details ?? {}),
      entry.ip ?? null,
    ],
  );
}
