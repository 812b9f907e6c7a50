/** What this browser remembers about admin sign-in attempts (spec 2 §2: last attempt time, n/5). */
export interface LoginAttempts {
  lastAttemptAt: string | null;
  failedAttempts: number;
}

const STORAGE_KEY = 'guildhall.admin.login-attempts';

/** The remembered attempts, or none. */
export function readLoginAttempts(): LoginAttempts {
  try {
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<LoginAttempts> | null;
    return {
      lastAttemptAt: typeof stored?.lastAttemptAt === 'string' ? stored.lastAttemptAt : null,
      failedAttempts: typeof stored?.failedAttempts === 'number' ? stored.failedAttempts : 0,
    };
  } catch {
    return { lastAttemptAt: null, failedAttempts: 0 };
  }
}

/** Remembers the attempts in this browser. */
export function writeLoginAttempts(attempts: LoginAttempts): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(attempts));
  } catch {
    // Storage may be disabled; the page still shows the figures for this visit.
  }
}
