/** Server answers of community sign-in and guild access that the specification does not quote. */
export const COMMUNITY_MESSAGES = {
  /** No access token and no Discord session on a call that needs one. */
  signInRequired: 'Please sign in to continue.',
  /** The access token's time is up; the web refreshes once and retries. */
  accessTokenExpired: 'Your access token has expired.',
  /** Malformed, tampered with, or signed with another key. */
  accessTokenInvalid: 'Your access token is not valid.',
  /** The Discord cookie session ended or never existed. */
  sessionInvalid: 'Your session has ended. Please sign in again.',
  /** Unknown, expired or revoked refresh token. */
  refreshTokenInvalid: 'Your sign-in has expired. Please log in again.',
  /** A refresh token came back after it was already used: the whole sign-in is ended. */
  refreshTokenReused: 'This sign-in was ended for your safety because an old refresh token was used again. Please log in again.',
  /** Wrong e-mail or password, worded the same for unknown accounts. */
  invalidEmailOrPassword: 'Invalid email or password',
  /** Right password, e-mail not verified yet while verification is required. */
  emailNotVerified: 'Please verify your email before logging in. Check your inbox, or request a new verification email.',
  /** A verification link that is unknown, used or out of date. */
  verificationLinkInvalid: 'This verification link is invalid or has expired. Request a new one.',
  /** A reset link that is unknown, used or out of date. */
  resetLinkInvalid: 'This password reset link is invalid or has expired. Request a new one.',
  /** resend-verification for an address already verified. */
  alreadyVerified: 'Your email is already verified.',
  /** resend-verification for an account without an e-mail address. */
  noEmailOnAccount: 'This account has no email address. Add one in Settings first.',
  /** Registration when verification is off: the user is signed in at once. */
  registrationSignedIn: 'Registration successful! Welcome to Guildhall.',
  /** add-credentials: done, and a verification link was sent. */
  credentialsAddedCheckEmail: 'Email and password added. Please check your email to verify the address.',
  /** add-credentials: done, the address was already verified by Discord. */
  credentialsAdded: 'Email and password added. You can now log in with either Discord or your email.',
  /** add-credentials on an account that already has a password. */
  credentialsAlreadySet: 'This account already has an email and password.',
  /** change-password on an account that signs in with Discord only. */
  noPasswordOnAccount: 'This account has no password yet. Add an email and password in Settings first.',
  /** Discord linking asked for by an account that already has Discord. */
  discordAlreadyLinked: 'Your account is already linked to a Discord account.',
  /** add-credentials with an address another account uses. */
  emailInUse: 'This email is already used by another account.',
  /** GET /auth/discord and the callback without DISCORD_CLIENT_ID / DISCORD_CLIENT_SECRET. */
  discordNotConfigured: 'Discord sign-in is not configured',
  /** Bot invite and bot checks without DISCORD_CLIENT_ID. */
  discordBotNotConfigured: 'The Discord bot is not configured',
  /** A guild-scoped call without X-Guild-ID, or before any guild is selected. */
  guildSelectionRequired: 'Select a guild first.',
  /** X-Guild-ID or guilds/select names a guild the user may not use. */
  guildNotAvailable: 'You do not have access to this guild.',
  /** The user lacks the permission in the selected guild. */
  guildPermissionDenied: "You don't have permission to do this in this guild.",
  /** The user may not install the bot in this guild (needs owner, Administrator or Manage Server). */
  cannotInstallBot: 'You need the Manage Server permission in this guild to add the bot.',
  /** Profile saved. */
  profileUpdated: 'Profile updated',
  /** Notification settings saved. */
  notificationSettingsSaved: 'Notification settings saved',
} as const;

/** 'Too many attempts. Please try again in {n} seconds.' for a rate-limited sign-in call. */
export const tooManyAttempts = (seconds: number) =>
  `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
