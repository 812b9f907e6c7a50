import type { AuditActor } from '../../core/audit';

/** Who manages a guild's links: an admin of the console or an officer of the guild, and from where. */
export interface InviteManager {
  actor: Extract<AuditActor, { type: 'admin' } | { type: 'user' }>;
  ip: string;
}
