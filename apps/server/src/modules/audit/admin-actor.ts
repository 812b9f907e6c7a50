import type { AdminSessionContext } from '../../auth/admin-sessions';
import type { AuditActor } from './record-audit';

/** The signed-in admin of a session, as the audit log names who did something. */
export function adminActor(context: AdminSessionContext): Extract<AuditActor, { type: 'admin' }> {
  return { type: 'admin', id: context.admin.id, name: context.admin.username };
}
