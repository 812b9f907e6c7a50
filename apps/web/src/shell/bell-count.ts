import { NOTIFICATIONS } from '@guildhall/contract';

/** The count on the bell: the number, or '9+' above the cap (spec 2 §2). */
export function bellCount(count: number): string {
  return count > NOTIFICATIONS.badgeCap ? `${NOTIFICATIONS.badgeCap}+` : String(count);
}
