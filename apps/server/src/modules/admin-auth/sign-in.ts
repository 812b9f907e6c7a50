import { ADMIN_ALERTS, ADMIN_LOCK_MS, ADMIN_LOGIN_SERVER_ERRORS, ADMIN_MAX_FAILED_ATTEMPTS, MESSAGES } from '@guildhall/contract';
import { type AdminSessionContext, openSession, toSessionContext } from '../../auth/admin-sessions';
import type { HitCounter } from '../../auth/hit-counter';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import { findSessionById } from '../../auth/session-queries';
import { AppError } from '../../http/app-error';
import type { EventBus } from '../../live/event-bus';
import type { Db } from '../../services/db/db';
import { findAdminByUsername, recordFailedSignIn, recordSuccessfulSignIn } from '../admin-users/queries';
import { recordAudit } from '../audit/record-audit';

/** What sign-in needs from the app. */
export interface SignInDeps {
  db: Db;
  bus: EventBus;
  counter: HitCounter;
  rateLimit: { limit: number; windowMs: number };
  /** The session lengths for a new session (the system settings); the contract's defaults without. */
  session?: { idleMs: number; absoluteMs: number };
}

/** One sign-in attempt as the client sent it. */
export interface SignInAttempt {
  username: string;
  password: string;
  ip: string;
  userAgent: string | null;
}

const minutesLeft = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));

function lockedError(lockedUntil: Date, failedAttempts: number) {
  return new AppError(423, 'ADMIN_ACCOUNT_LOCKED', ADMIN_LOGIN_SERVER_ERRORS.locked(minutesLeft(lockedUntil)), {
    details: { failedAttempts, maxAttempts: ADMIN_MAX_FAILED_ATTEMPTS, lockedUntil: lockedUntil.toISOString() },
  });
}

function wrongPasswordError(failedAttempts: number) {
  return new AppError(401, 'ADMIN_LOGIN_FAILED', MESSAGES.invalidCredentials, {
    details: { failedAttempts, maxAttempts: ADMIN_MAX_FAILED_ATTEMPTS },
  });
}

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
  throw new AppError(429, 'RATE_LIMITED', ADMIN_LOGIN_SERVER_ERRORS.rateLimited(seconds), {
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
  error instanceof AppError && (error.code === 'ADMIN_LOGIN_FAILED' || error.code === 'ADMIN_ACCOUNT_LOCKED');

/**
 * An unknown (or disabled) username answers exactly like a real account: the same hashing time,
 * the same counter, the same lock after the fifth failure, so probing cannot tell names apart.
 */
async function refuseUnknown(deps: SignInDeps, attempt: SignInAttempt): Promise<never> {
  await verifyAgainstDummy(attempt.password);
  const { count, resetInMs } = await deps.counter.hit(`admin-login:unknown:${attempt.username.toLowerCase()}`, ADMIN_LOCK_MS);
  await recordAudit(deps.db, {
    actor: { type: 'anonymous', name: attempt.username },
    action: 'admin.login_failed',
    details: { reason: 'unknown_user' },
    ip: attempt.ip,
  });
  if (count >= ADMIN_MAX_FAILED_ATTEMPTS) throw lockedError(new Date(Date.now() + resetInMs), count);
  throw wrongPasswordError(count);
}

/** Checks an admin's credentials and opens a session; every outcome is audited; failures count per address. */
export async function signIn(deps: SignInDeps, attempt: SignInAttempt): Promise<{ token: string; context: AdminSessionContext }> {
  await enforceRateLimit(deps, attempt.ip);
  let isFailure = false;
  try {
    return await checkCredentials(deps, attempt);
  } catch (error) {
    isFailure = isCountedFailure(error);
    throw error;
  } finally {
    if (!isFailure) await deps.counter.takeBack(rateKeyOf(attempt.ip));
  }
}

async function checkCredentials(
  deps: SignInDeps,
  attempt: SignInAttempt,
): Promise<{ token: string; context: AdminSessionContext }> {
  const account = await findAdminByUsername(deps.db, attempt.username);
  if (!account?.is_active || account.deleted_at) return refuseUnknown(deps, attempt);
  const actor = { type: 'anonymous', name: account.username } as const;
  const target = { type: 'admin_user', id: account.id };

  // A locked account stays locked whatever the password, so guessing during the lock gains nothing.
  if (account.locked_until && account.locked_until.getTime() > Date.now()) {
    await recordAudit(deps.db, { actor, action: 'admin.login_failed', target, details: { reason: 'locked' }, ip: attempt.ip });
    throw lockedError(account.locked_until, account.failed_attempts);
  }

  if (!(await verifyPassword(account.password_hash, attempt.password))) {
    const lockUntil = new Date(Date.now() + ADMIN_LOCK_MS);
    const failure = await recordFailedSignIn(deps.db, account.id, ADMIN_MAX_FAILED_ATTEMPTS, lockUntil);
    await recordAudit(deps.db, {
      actor,
      action: 'admin.login_failed',
      target,
      details: { reason: 'wrong_password', failedAttempts: failure.failed_attempts },
      ip: attempt.ip,
    });
    if (failure.locked_until) {
      await recordAudit(deps.db, {
        actor: { type: 'system' },
        action: 'admin.account_locked',
        target,
        details: { username: account.username, lockedUntil: failure.locked_until.toISOString() },
        ip: attempt.ip,
      });
      deps.bus.publish({ type: 'admin.alert', message: ADMIN_ALERTS.accountLocked(account.username, failure.failed_attempts) });
      throw lockedError(failure.locked_until, failure.failed_attempts);
    }
    throw wrongPasswordError(failure.failed_attempts);
  }

  await recordSuccessfulSignIn(deps.db, account.id);
  const session = await openSession(
    deps.db,
    account.id,
    { ip: attempt.ip, userAgent: attempt.userAgent },
    new Date(),
    deps.session?.absoluteMs,
  );
  await recordAudit(deps.db, {
    actor: { type: 'admin', id: account.id, name: account.username },
    action: 'admin.login',
    target: { type: 'admin_session', id: session.sessionId },
    ip: attempt.ip,
  });
  // Read back through the session query, so the answer carries the role's permissions as admin_roles holds them.
  const row = await findSessionById(deps.db, session.sessionId);
  if (!row) throw new Error('the session just opened was not found');
  const context = toSessionContext(row, row.last_seen_at, deps.session?.idleMs);
  return { token: session.token, context };
}
