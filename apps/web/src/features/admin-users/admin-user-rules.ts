import type { AdminUserRow } from '@guildhall/contract';
import { formatDateTime } from '../../ui/format-date';

/** What can be done to one admin from its row, in the order the buttons show. */
export const ADMIN_USER_ACTIONS = [
  'edit',
  'sessions',
  'reset-password',
  'reset-two-factor',
  'unlock',
  'disable',
  'enable',
  'delete',
] as const;
/** An action on one admin. */
export type AdminUserAction = (typeof ADMIN_USER_ACTIONS)[number];

/**
 * The actions a row offers, from its abilities (the server's answer): none on an admin holding a permission the
 * viewer lacks; unlock only when locked, disable or enable, no reset of one's own password or two-factor sign-in
 * (the own forms ask for the password or a code), a two-factor reset only when it is on, and a deleted account can
 * only be removed for good.
 */
export function actionsFor(
  user: Pick<AdminUserRow, 'status' | 'abilities'> & Partial<Pick<AdminUserRow, 'twoFactorEnabled'>>,
): AdminUserAction[] {
  const viewer = user.abilities;
  if (!viewer.canAct) return [];
  if (user.status === 'deleted') return ['delete'];
  return ADMIN_USER_ACTIONS.filter((action) => {
    if (action === 'reset-password') return !viewer.isSelf;
    if (action === 'reset-two-factor') return !viewer.isSelf && user.twoFactorEnabled === true;
    if (action === 'unlock') return user.status === 'locked';
    if (action === 'disable') return user.status !== 'disabled';
    if (action === 'enable') return user.status === 'disabled';
    return true;
  });
}

/** 'Active', 'Disabled', 'Locked until Mar 3, 2026, 4:05 PM', 'Deleted'. */
export function adminUserStatusText(user: Pick<AdminUserRow, 'status' | 'lockedUntil'>, locale?: string): string {
  switch (user.status) {
    case 'active':
      return 'Active';
    case 'disabled':
      return 'Disabled';
    case 'deleted':
      return 'Deleted';
    case 'locked':
      return user.lockedUntil ? `Locked until ${formatDateTime(user.lockedUntil, locale)}` : 'Locked';
  }
}
