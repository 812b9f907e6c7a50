import type { AdminUserRow } from '@guildhall/contract';
import { Badge, type BadgeTone } from '../../ui/badge';
import { formatDateTime } from '../../ui/format-date';

const TONES: Record<AdminUserRow['status'], BadgeTone> = {
  active: 'good',
  disabled: 'unknown',
  locked: 'warn',
  deleted: 'bad',
};

/** 'Active', 'Disabled', 'Locked until Mar 3, 2026, 4:05 PM', 'Deleted'. */
export function adminUserStatusText(user: Pick<AdminUserRow, 'status' | 'lockedUntil'>): string {
  switch (user.status) {
    case 'active':
      return 'Active';
    case 'disabled':
      return 'Disabled';
    case 'deleted':
      return 'Deleted';
    case 'locked':
      return user.lockedUntil ? `Locked until ${formatDateTime(user.lockedUntil)}` : 'Locked';
  }
}

/** An admin account's status as a coloured badge. */
export function AdminUserStatus({ user }: { user: Pick<AdminUserRow, 'status' | 'lockedUntil'> }) {
  return (
    <Badge tone={TONES[user.status]} data-testid="admin-user-status">
      {adminUserStatusText(user)}
    </Badge>
  );
}
