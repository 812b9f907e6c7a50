import type { AuditActor } from '../../core/audit';
import type { EventBus } from '../../core/event-bus';
import type { Db } from '../../services/db/db';

/** What guild operations need from the app. */
export interface GuildDeps {
  db: Db;
  bus: EventBus;
}

/** Who asks for a change, and from where: every change is audited with both. */
export interface Requester {
  actor: AuditActor;
  ip: string;
}
