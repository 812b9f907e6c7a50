import type { AuditActor } from '../../core/audit';

/** Who changes settings, and from where: an admin on the Configuration screen, or an officer of the guild. */
export interface ConfigEditor {
  actor: Extract<AuditActor, { type: 'admin' } | { type: 'user' }>;
  ip: string;
}
