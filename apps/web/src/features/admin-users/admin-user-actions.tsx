import type { AdminUserRow } from '@guildhall/contract';
import { KeyRound, LockOpen, MonitorSmartphone, Pencil, Trash2, UserCheck, UserX } from 'lucide-react';

/** What can be done to one admin from its row. */
export type AdminUserAction = 'edit' | 'sessions' | 'reset-password' | 'unlock' | 'disable' | 'enable' | 'delete';

const BUTTONS: { action: AdminUserAction; label: string; icon: typeof Pencil }[] = [
  { action: 'edit', label: 'Edit', icon: Pencil },
  { action: 'sessions', label: 'Sessions of', icon: MonitorSmartphone },
  { action: 'reset-password', label: 'Reset password of', icon: KeyRound },
  { action: 'unlock', label: 'Unlock', icon: LockOpen },
  { action: 'disable', label: 'Disable', icon: UserX },
  { action: 'enable', label: 'Enable', icon: UserCheck },
  { action: 'delete', label: 'Delete', icon: Trash2 },
];

/** The actions an admin's status allows: a deleted account can only be removed for good. */
export function actionsFor(user: AdminUserRow): AdminUserAction[] {
  if (user.status === 'deleted') return ['delete'];
  return BUTTONS.map((button) => button.action).filter((action) => {
    if (action === 'unlock') return user.status === 'locked';
    if (action === 'disable') return user.status !== 'disabled';
    if (action === 'enable') return user.status === 'disabled';
    return true;
  });
}

interface AdminUserActionsProps {
  user: AdminUserRow;
  onAction: (action: AdminUserAction, user: AdminUserRow) => void;
}

/** A row's icon buttons, each named with the admin it acts on ('Disable alice'). */
export function AdminUserActions({ user, onAction }: AdminUserActionsProps) {
  const allowed = actionsFor(user);
  return (
    <div className="admin-user-actions">
      {BUTTONS.filter((button) => allowed.includes(button.action)).map(({ action, label, icon: Icon }) => (
        <button
          key={action}
          type="button"
          className="icon-button"
          aria-label={`${label} ${user.username}`}
          title={`${label} ${user.username}`}
          onClick={() => onAction(action, user)}
          data-testid={`admin-user-${action}`}
        >
          <Icon size={16} aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
