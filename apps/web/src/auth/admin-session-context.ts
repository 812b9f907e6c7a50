import type { AdminSession, AdminTwoFactorStatus, AdminUser } from '@guildhall/contract';
import { createContext, useContext } from 'react';
import type { AdminMe, AdminSignInStep, SignedOutReason } from '../api/admin-auth';

/** What a right password gives: the session, or a challenge that waits for the second factor. */
export type AdminSignInResult = { kind: 'session'; me: AdminMe } | Extract<AdminSignInStep, { kind: 'challenge' }>;

/** Where the admin session stands (spec 2 §4), plus 'error' when the check itself could not be made. */
export type AdminSessionStatus = 'loading' | 'authenticated' | 'unauthenticated' | 'error';

/** The admin session and what can be done with it. */
export interface AdminSessionValue {
  status: AdminSessionStatus;
  admin: AdminUser | null;
  session: AdminSession | null;
  /** Whether two-factor sign-in is on or required, and the grace, as me answered. */
  twoFactor: AdminTwoFactorStatus | null;
  /** Why there is no session, when there is none. */
  signedOutReason: SignedOutReason | null;
  /** The failure of the session check, in status 'error'. */
  error: unknown;
  login: (credentials: { username: string; password: string }) => Promise<AdminSignInResult>;
  /** The second step of sign-in: the challenge and a TOTP or recovery code. */
  completeSecondStep: (body: { challenge: string; code: string }) => Promise<AdminMe>;
  /** A last step of sign-in the page runs itself (a passkey, whose code the sign-in page loads only then), then the session. */
  completeSignIn: (step: () => Promise<void>) => Promise<AdminMe>;
  /** Ends the session on the server, then here. */
  logout: () => Promise<void>;
  /** Forgets the session here only (a forced logout: the server has already ended it). */
  clearSession: (reason: SignedOutReason) => void;
  /** Checks the session again. */
  recheck: () => void;
}

/** The admin session context; null outside the provider. */
export const AdminSessionContext = createContext<AdminSessionValue | null>(null);

/** The admin session of the nearest AdminSessionProvider. */
export function useAdminSession(): AdminSessionValue {
  const value = useContext(AdminSessionContext);
  if (!value) throw new Error('useAdminSession needs an AdminSessionProvider');
  return value;
}
