import { DISCORD_SIGN_IN_ERRORS } from '@guildhall/contract';

/** The text for a Discord sign-in that came back with `?error=<code>`; an unknown code gets the general failure. */
export function discordErrorText(code: string | null): string | null {
  if (!code) return null;
  return Object.hasOwn(DISCORD_SIGN_IN_ERRORS, code)
    ? DISCORD_SIGN_IN_ERRORS[code as keyof typeof DISCORD_SIGN_IN_ERRORS]
    : DISCORD_SIGN_IN_ERRORS.exchange_failed;
}
