import type { PermissionHolder } from '@guildhall/contract';
import type { AuditActor } from '../../core/audit';
import type { EventBus } from '../../core/event-bus';
import type { Db } from '../../services/db/db';

/** What managing admin users needs from the app. */
export interface AdminUserDeps {
  db: Db;
  bus: EventBus;
  /** The admin session idle timeout in force (a System Setting): which sessions still count as open. */
  idleMs: () => Promise<number>;
}

/** Who asks: the signed-in admin (and their session, role and permissions), and from where. */
export interface AdminRequester {
  actor: Extract<AuditActor, { type: 'admin' }>;
  holder: PermissionHolder;
  sessionId: string;
  ip: string;
}
