import type { AdminUserRow } from '@guildhall/contract';
import { formatDateTime } from '../../ui/format-date';

/** What can be done to one admin from its row, in the order the buttons show. */
export const ADMIN_USER_ACTIONS = ['edit', 'sessions', 'reset-password', 'unlock', 'disable', 'enable', 'delete'] as const;
/** An action on one admin. */
export type AdminUserAction = (typeof ADMIN_USER_ACTIONS)[number];

/** The actions an admin's status allows: unlock only when locked, disable or enable, and a deleted account can only be removed for good. */
export function actionsFor(user: Pick<AdminUserRow, 'status'>): AdminUserAction[] {
  if (user.status === 'deleted') return ['delete'];
  return ADMIN_USER_ACTIONS.filter((action) => {
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
