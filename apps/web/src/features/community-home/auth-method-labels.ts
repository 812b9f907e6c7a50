import type { AuthMethod } from '@guildhall/contract';

/** How each sign-in method reads on screen. */
export const AUTH_METHOD_LABELS: Record<AuthMethod, string> = {
  discord: 'Discord',
  email: 'Email and password',
  both: 'Discord or email and password',
};
