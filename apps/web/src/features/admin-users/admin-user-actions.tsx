import { ADMIN_USER_MESSAGES, type AdminUserRow } from '@guildhall/contract';
import { KeyRound, LockOpen, MonitorSmartphone, Pencil, ShieldOff, Trash2, UserCheck, UserX } from 'lucide-react';
import { type AdminUserAction, actionsFor } from './admin-user-rules';

const BUTTONS: Record<AdminUserAction, { label: string; icon: typeof Pencil }> = {
  edit: { label: 'Edit', icon: Pencil },
  sessions: { label: 'Sessions of', icon: MonitorSmartphone },
  'reset-password': { label: 'Reset password of', icon: KeyRound },
  'reset-two-factor': { label: 'Reset two-factor sign-in of', icon: ShieldOff },
  unlock: { label: 'Unlock', icon: LockOpen },
  disable: { label: 'Disable', icon: UserX },
  enable: { label: 'Enable', icon: UserCheck },
  delete: { label: 'Delete', icon: Trash2 },
};

interface AdminUserActionsProps {
  /** With its abilities: what the signed-in admin may do to it, as the server answered. */
  user: AdminUserRow;
  onAction: (action: AdminUserAction, user: AdminUserRow) => void;
}

/** A row's icon buttons, each named with the admin it acts on ('Disable alice'). */
export function AdminUserActions({ user, onAction }: AdminUserActionsProps) {
  if (!user.abilities.canAct) {
    return (
      <span className="muted" title={ADMIN_USER_MESSAGES.outOfReach} data-testid="admin-user-out-of-reach">
        Out of reach<span className="visually-hidden">: {ADMIN_USER_MESSAGES.outOfReach}</span>
      </span>
    );
  }
  return (
    <div className="admin-user-actions">
      {actionsFor(user).map((action) => {
        const { label, icon: Icon } = BUTTONS[action];
        return (
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
        );
      })}
    </div>
  );
}
