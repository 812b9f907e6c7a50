import type { AdminUserRow } from '@guildhall/contract';
import { Badge, type BadgeTone } from '../../ui/badge';
import { adminUserStatusText } from './admin-user-rules';

const TONES: Record<AdminUserRow['status'], BadgeTone> = {
  active: 'good',
  disabled: 'unknown',
  locked: 'warn',
  deleted: 'bad',
};

/** An admin account's status as a coloured badge. */
export function AdminUserStatus({ user }: { user: Pick<AdminUserRow, 'status' | 'lockedUntil'> }) {
  return (
    <Badge tone={TONES[user.status]} data-testid="admin-user-status">
      {adminUserStatusText(user)}
    </Badge>
  );
}
