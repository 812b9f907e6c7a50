import {
  ADMIN_ALERTS,
  ADMIN_LOCK_MS,
  ADMIN_LOGIN_SERVER_ERRORS,
  ADMIN_MAX_FAILED_ATTEMPTS,
  type AuditAction,
  MESSAGES,
  TWO_FACTOR_CHALLENGE_MS,
  TWO_FACTOR_MESSAGES,
  type TwoFactorMethod,
} from '@guildhall/contract';
import {
  type AdminAccountRow,
  findAdminByUsername,
  recordFailedSignIn,
  recordSuccessfulSignIn,
} from '../../auth/admin-account-queries';
import { type AdminSessionContext, openSession, toSessionContext } from '../../auth/admin-sessions';
import type { HitCounter } from '../../auth/hit-counter';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import { findSessionById } from '../../auth/session-queries';
import { AppError } from '../../core/app-error';
import { adminActor, recordAudit } from '../../core/audit';
import type { EventBus } from '../../core/event-bus';
import type { Db } from '../../services/db/db';
import { notifyUserManagers } from '../admin-notifications/notify-user-managers';
import { newChallenge } from './two-factor';
import { insertChallenge, twoFactorMethodsOf } from './two-factor-queries';

/** What sign-in needs from the app. */
export interface SignInDeps {
  db: Db;
  bus: EventBus;
  counter: HitCounter;
  rateLimit: { limit: number; windowMs: number };
  /** The session lengths for a new session (the system settings); the contract's defaults without. */
  session?: { idleMs: number; absoluteMs: number };
}

/** A sign-in's outcome: a session, or (two-factor sign-in on) a challenge waiting for one of the admin's second factors. */
export type SignInOutcome =
  | { kind: 'session'; token: string; context: AdminSessionContext }
  | { kind: 'challenge'; challenge: string; expiresAt: Date; methods: TwoFactorMethod[] };

/** The second factor a sign-in passed, as its audit record names it. */
export type SecondFactorUsed = { secondFactor: 'totp' | 'recovery_code' } | { secondFactor: 'passkey'; passkeyId: string };

/** One sign-in attempt as the client sent it. */
export interface SignInAttempt {
  username: string;
  password: string;
  ip: string;
  userAgent: string | null;
}

const minutesLeft = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));

export function lockedError(lockedUntil: Date, failedAttempts: number) {
  return new AppError('ADMIN_ACCOUNT_LOCKED', ADMIN_LOGIN_SERVER_ERRORS.locked(minutesLeft(lockedUntil)), {
    details: { failedAttempts, maxAttempts: ADMIN_MAX_FAILED_ATTEMPTS, lockedUntil: lockedUntil.toISOString() },
  });
}

function wrongPasswordError(failedAttempts: number, message: string = MESSAGES.invalidCredentials) {
  return new AppError('ADMIN_LOGIN_FAILED', message, {
    details: { failedAttempts, maxAttempts: ADMIN_MAX_FAILED_ATTEMPTS },
  });
}

/** A second step whose challenge is unknown, expired or used: sign in again from the start. */
export const challengeError = () => new AppError('INVALID_TOKEN', TWO_FACTOR_MESSAGES.challengeExpired);

const rateKeyOf = (ip: string) => `rate:admin-login:${ip}`;

/**
 * Per-IP limit on failed sign-ins; past it, 429 with Retry-After and the wait in words. Every attempt is
 * counted as it begins, so a burst of concurrent guesses cannot all pass the check before any is judged;
 * signIn takes the hit back when the attempt was not a failure.
 */
async function enforceRateLimit(deps: SignInDeps, ip: string) {
  const { count, resetInMs } = await deps.counter.hit(rateKeyOf(ip), deps.rateLimit.windowMs);
  if (count <= deps.rateLimit.limit) return;
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  throw new AppError('RATE_LIMITED', ADMIN_LOGIN_SERVER_ERRORS.rateLimited(seconds), {
    details: { retryAfterSeconds: seconds },
    headers: { 'Retry-After': String(seconds) },
  });
}

/**
 * What counts against the address: a wrong username or password, and any attempt on a locked account.
 * A success does not count, and does not clear earlier failures either: a guesser must not be able to reset
 * the count by signing in to an account of their own.
 */
const isCountedFailure = (error: unknown) =>
  error instanceof AppError &&
  (error.code === 'ADMIN_LOGIN_FAILED' || error.code === 'ADMIN_ACCOUNT_LOCKED' || error.code === 'INVALID_TOKEN');

/**
 * An unknown (or disabled) username answers exactly like a real account: the same hashing time,
 * the same counter, the same lock after the fifth failure, so probing cannot tell names apart.
 */
async function refuseUnknown(deps: SignInDeps, attempt: SignInAttempt): Promise<never> {
  await verifyAgainstDummy(attempt.password);
  const { count, resetInMs } = await deps.counter.hit(`admin-login:unknown:${attempt.username.toLowerCase()}`, ADMIN_LOCK_MS);
  await recordAudit(deps.db, {
    actor: { type: 'anonymous', name: attempt.username },
    action: 'admin.sign_in_failed',
    details: { reason: 'unknown_user' },
    ip: attempt.ip,
  });
  if (count >= ADMIN_MAX_FAILED_ATTEMPTS) throw lockedError(new Date(Date.now() + resetInMs), count);
  throw wrongPasswordError(count);
}

/** Runs one attempt under the per-address limit: a counted failure keeps its hit, anything else takes it back. */
export async function underRateLimit<T>(deps: SignInDeps, ip: string, attempt: () => Promise<T>): Promise<T> {
  await enforceRateLimit(deps, ip);
  let isFailure = false;
  try {
    return await attempt();
  } catch (error) {
    isFailure = isCountedFailure(error);
    throw error;
  } finally {
    if (!isFailure) await deps.counter.takeBack(rateKeyOf(ip));
  }
}

/**
 * Checks an admin's credentials and opens a session, or, for an admin with two-factor sign-in on, answers a
 * challenge for the second step; every outcome is audited; failures count per address.
 */
export async function signIn(deps: SignInDeps, attempt: SignInAttempt): Promise<SignInOutcome> {
  return underRateLimit(deps, attempt.ip, () => checkCredentials(deps, attempt));
}

/**
 * Counts one failed sign-in against the account (a wrong password or a wrong second factor), audits it, locks the
 * account at the fifth and tells the admins who manage users; always throws (401, or 423 once locked).
 */
export async function countFailure(
  deps: SignInDeps,
  account: AdminAccountRow,
  ip: string,
  failure: { action: Extract<AuditAction, `admin.${string}_failed`>; reason: string; message?: string },
): Promise<never> {
  const target = { type: 'admin_user', id: account.id };
  const lockUntil = new Date(Date.now() + ADMIN_LOCK_MS);
  const counted = await recordFailedSignIn(deps.db, account.id, ADMIN_MAX_FAILED_ATTEMPTS, lockUntil);
  await recordAudit(deps.db, {
    actor: { type: 'anonymous', name: account.username },
    action: failure.action,
    target,
    details: { reason: failure.reason, failedAttempts: counted.failed_attempts },
    ip,
  });
  if (counted.locked_until) {
    await recordAudit(deps.db, {
      actor: { type: 'system' },
      action: 'admin.account_locked',
      target,
      details: { username: account.username, lockedUntil: counted.locked_until.toISOString() },
      ip,
    });
    await notifyUserManagers(deps, ADMIN_ALERTS.accountLocked(account.username, counted.failed_attempts));
    throw lockedError(counted.locked_until, counted.failed_attempts);
  }
  throw wrongPasswordError(counted.failed_attempts, failure.message);
}

async function checkCredentials(deps: SignInDeps, attempt: SignInAttempt): Promise<SignInOutcome> {
  const account = await findAdminByUsername(deps.db, attempt.username);
  if (!account?.is_active || account.deleted_at) return refuseUnknown(deps, attempt);
  const actor = { type: 'anonymous', name: account.username } as const;
  const target = { type: 'admin_user', id: account.id };

  // A locked account stays locked whatever the password, so guessing during the lock gains nothing.
  if (account.locked_until && account.locked_until.getTime() > Date.now()) {
    await recordAudit(deps.db, { actor, action: 'admin.sign_in_failed', target, details: { reason: 'locked' }, ip: attempt.ip });
    throw lockedError(account.locked_until, account.failed_attempts);
  }

  if (!(await verifyPassword(account.password_hash, attempt.password))) {
    return countFailure(deps, account, attempt.ip, { action: 'admin.sign_in_failed', reason: 'wrong_password' });
  }

  // The password alone opens no session once two-factor sign-in is on: a single-use challenge waits for a second
  // factor. The failure count is not cleared yet, so guessing codes after a right password still runs into the lock.
  const methods = await twoFactorMethodsOf(deps.db, account.id);
  if (methods.length > 0) {
    const { token, hash } = newChallenge();
    const expiresAt = new Date(Date.now() + TWO_FACTOR_CHALLENGE_MS);
    await insertChallenge(deps.db, account.id, hash, expiresAt);
    await recordAudit(deps.db, { actor, action: 'admin.two_factor_challenged', target, details: { methods }, ip: attempt.ip });
    return { kind: 'challenge', challenge: token, expiresAt, methods };
  }

  return openSignedInSession(deps, account, attempt);
}

/** Opens the session of a sign-in that passed, audits it and reads it back as the console sees it. */
export async function openSignedInSession(
  deps: SignInDeps,
  account: AdminAccountRow,
  attempt: { ip: string; userAgent: string | null },
  secondFactor?: SecondFactorUsed,
): Promise<SignInOutcome> {
  await recordSuccessfulSignIn(deps.db, account.id);
  const session = await openSession(
    deps.db,
    account.id,
    { ip: attempt.ip, userAgent: attempt.userAgent },
    new Date(),
    deps.session?.absoluteMs,
  );
  await recordAudit(deps.db, {
    actor: adminActor(account),
    action: 'admin.signed_in',
    target: { type: 'admin_session', id: session.sessionId },
    ...(secondFactor ? { details: secondFactor } : {}),
    ip: attempt.ip,
  });
  // Read back through the session query, so the answer carries the role's permissions as admin_roles holds them.
  const row = await findSessionById(deps.db, session.sessionId);
  if (!row) throw new Error('the session just opened was not found');
  const context = toSessionContext(row, row.last_seen_at, deps.session?.idleMs);
  return { kind: 'session', token: session.token, context };
}
