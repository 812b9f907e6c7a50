import type { CharacterRole } from '@guildhall/contract';
import { HeartPulse, Shield, Swords } from 'lucide-react';
import { ROLE_LABELS } from './character-text';
import '../../styles/character-identity.css';

const ROLE_ICONS = { tank: Shield, healer: HeartPulse, dps: Swords } as const;

/** The role's icon (tank, healer, dps), named for screen readers. */
export function RoleIcon({ role, size = 16 }: { role: CharacterRole; size?: number }) {
  const Icon = ROLE_ICONS[role];
  return (
    <span className={`role-icon role-icon--${role}`} role="img" aria-label={ROLE_LABELS[role]} title={ROLE_LABELS[role]}>
      <Icon size={size} aria-hidden="true" />
    </span>
  );
}
