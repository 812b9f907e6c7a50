import type { CommunityUser, GuildAbility, UserGuild } from '@guildhall/contract';
import { createContext, useContext } from 'react';
import type { SelectGuildAnswer } from '../api/community-auth';
import type { GuildListAnswer, GuildState } from './guild-state';
import type { SignedInVia } from './session-start';
import type { StoredTokens } from './token-store';

/** Where the community session stands; 'error' when the session start itself could not be made. */
export type CommunitySessionStatus = 'loading' | 'signed-in' | 'signed-out' | 'error';

/** Why there is no session: the user logged out, a refresh failed, or there never was one. */
export type SignedOutReason = 'logged-out' | 'expired' | null;

/** Where the user's guilds stand: idle until signed in. */
export type GuildStatus = 'idle' | 'loading' | 'ready' | 'error';

/** A sign-in answer that carries tokens (login, register without verification). */
export interface TokenSignIn extends StoredTokens {
  user: CommunityUser;
}

/** The community session, the user's guilds and permissions, and what can be done with them. */
export interface CommunitySessionValue {
  status: CommunitySessionStatus;
  user: CommunityUser | null;
  via: SignedInVia | null;
  signedOutReason: SignedOutReason;
  /** The failure of the session start, in status 'error'. */
  error: unknown;
  retry: () => void;

  guildStatus: GuildStatus;
  guildState: GuildState | null;
  guildError: unknown;
  retryGuilds: () => void;
  selectedGuild: UserGuild | null;
  /** The permissions in the selected guild; empty while guild selection is required (spec 1 §6). */
  permissions: readonly string[];
  isPermissionsLoading: boolean;
  /** Whether the user may do this in the selected guild (an ability of the contract's GUILD_ABILITIES). */
  can: (ability: GuildAbility) => boolean;

  /** Stores an e-mail sign-in's tokens (local storage with "remember me", session storage otherwise). */
  signIn: (answer: TokenSignIn, isRemembered: boolean) => void;
  /** Replaces the signed-in user after a change (profile, credentials, e-mail verified). */
  updateUser: (user: CommunityUser) => void;
  /** Takes in a guild the server just selected. */
  applySelectedGuild: (answer: SelectGuildAnswer) => void;
  /** Takes in a fresh guild list (after checking for the bot again). */
  applyGuildList: (answer: GuildListAnswer) => Promise<GuildState>;
  /** Ends the sign-in on the server, then here. */
  logout: () => Promise<void>;
}

/** The community session context; null outside the provider. */
export const CommunitySessionContext = createContext<CommunitySessionValue | null>(null);

/** The community session of the nearest CommunitySessionProvider. */
export function useCommunitySession(): CommunitySessionValue {
  const value = useContext(CommunitySessionContext);
  if (!value) throw new Error('useCommunitySession needs a CommunitySessionProvider');
  return value;
}
