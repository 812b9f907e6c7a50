/** Every user-facing message the specification quotes, verbatim. Server and web use these, never literals. */
export const MESSAGES = {
  // Community sign-in and guilds (spec 1 §8)
  sessionExpired: 'Session expired. Please log in again.',
  discordLoginFailed: 'Failed to initiate Discord login',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  emailVerificationFailed: 'Email verification failed',
  passwordResetRequestFailed: 'Password reset request failed',
  passwordResetFailed: 'Password reset failed',
  resendVerificationFailed: 'Failed to resend verification email',
  addCredentialsFailed: 'Failed to add credentials. Please try again.',
  selectGuildFailed: 'Failed to select guild',
  botInviteFailed: 'Failed to generate bot invite URL',
  verifyGuildAccessFailed: 'Failed to verify guild access',
  passwordChangeFailed: 'Password change failed',

  // Admin screens (spec 1 §8)
  adminAccessRequired: 'Admin access required',
  loadDashboardFailed: 'Failed to load dashboard data',
  loadGuildsFailed: 'Failed to load guilds',
  saveGuildFailed: 'Failed to save guild',
  deleteGuildFailed: 'Failed to delete guild',
  bulkActionFailed: 'Failed to perform bulk action',
  invalidAction: 'Invalid action',
  exportGuildDataFailed: 'Failed to export guild data',
  loadGuildDataFailed: 'Failed to load guild data',
  exportDataFailed: 'Failed to export data',
  deleteGuildDataFailed: 'Failed to delete guild data',
  fetchUnlinkedCharactersFailed: 'Failed to fetch unlinked characters',
  fetchDiscordMembersFailed: 'Failed to fetch Discord members',
  syncDiscordMembersFailed: 'Failed to sync Discord members',

  // Admin route guard (spec 1 §2)
  verifyingAdminAccess: 'Verifying admin access...',
  accessDeniedTitle: 'Access Denied',
  accessDeniedBody: "You don't have permission to access this admin resource.",
  insufficientRoleTitle: 'Insufficient Role',

  // Live connection (spec 1 §8)
  notConnected: 'Not connected to admin dashboard',
  authTokenNotFound: 'Authentication token not found',
  systemOnline: 'System Online',

  // Admin login (spec 2 §5, §8)
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  invalidCredentials: 'Invalid username or password',
  invalidCredentialsField: 'Invalid credentials',
  accountLocked: 'Account temporarily locked due to failed attempts',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  adminSessionExpired: 'Your session has expired. Please log in again.',
  sessionWarning: 'Your session will expire in 15 minutes',
  forcedLogout: 'Your session has been terminated by an administrator',
  sessionExtended: 'Your session has been extended',
  staySignedIn: 'Stay signed in',
  requestFailed: 'Request failed',

  // Successes (spec 1 §8)
  passwordChanged: 'Password changed successfully',
  /** The admin signed in with a generated first password or one another admin reset: every other admin call answers 403 until it is changed. */
  passwordChangeRequired:
    'Choose a new password before using the console: the one you signed in with was generated or set by another admin.',
  loggedOut: 'Logged out successfully',
  emailVerified: 'Email verified successfully!',
  verificationEmailSent: 'Verification email sent!',
  passwordResetRequested: 'If an account with that email exists, a password reset link has been sent.',
  passwordReset: 'Password reset successfully! You can now log in with your new password.',
  registrationCheckEmail: 'Registration successful! Please check your email to verify your account.',
} as const;

/** A message key of the catalog. */
export type MessageKey = keyof typeof MESSAGES;

/** 'Welcome back, {name}!' */
export const welcomeBack = (name: string) => `Welcome back, ${name}!`;

/** 'Switched to {guild}' */
export const switchedTo = (guild: string) => `Switched to ${guild}`;

/** 'This admin resource requires {role} role.' */
export const insufficientRoleBody = (role: string) => `This admin resource requires ${role} role.`;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * A wait as a person reads it: '45 seconds', '14 minutes', '1 hour 5 minutes'. A minute or more is rounded up
 * to whole minutes, so trying again at the time said is never too early.
 */
export function waitInWords(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return plural(whole, 'second');
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const rest = minutes % 60;
  return rest === 0 ? plural(minutes / 60, 'hour') : `${plural(Math.floor(minutes / 60), 'hour')} ${plural(rest, 'minute')}`;
}

/** 'You can try again in {wait}.': how long a refused sign-in must wait, under the spec's message. */
export const tryAgainIn = (seconds: number) => `You can try again in ${waitInWords(seconds)}.`;

/** Server messages for a refused admin sign-in; the web maps them to the spec's texts by these words. */
export const ADMIN_LOGIN_SERVER_ERRORS = {
  /** Contains "locked" so the login page shows MESSAGES.accountLocked. */
  locked: (minutes: number) =>
    `Account locked after too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** Contains "rate limit" so the login page shows MESSAGES.tooManyAttempts, with the wait in words. */
  rateLimited: (seconds: number) =>
    `Too many failed sign-ins from this address (rate limit). Try again in ${waitInWords(seconds)}.`,
} as const;
