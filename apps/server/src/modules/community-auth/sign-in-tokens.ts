import { randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  COMMUNITY_MESSAGES,
  REFRESH_TOKEN_TTL_REMEMBER_MS,
  REFRESH_TOKEN_TTL_SESSION_MS,
} from '@guildhall/contract';
import { signAccessToken } from '../../auth/access-token';
import { findRefreshToken, insertRefreshToken, revokeFamily, useRefreshToken } from '../../auth/community-token-queries';
import { findUserById, type UserRow } from '../../auth/community-user-queries';
import { hashSessionToken, newSessionToken } from '../../auth/session-token';
import { AppError } from '../../core/app-error';
import type { Db } from '../../services/db/db';
import { recordPlayerSignIn } from '../player-accounts/record-sign-in';
import type { CommunityKit } from './community-kit';

/** What issuing and rotating tokens needs. */
export interface TokenDeps {
  db: Db;
  kit: CommunityKit;
  log: { warn(obj: object, msg: string): void };
}

/** The client a token is issued to, kept with the refresh token. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** An access token and the refresh token that renews it. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

const refreshLifetimeMs = (isRemembered: boolean) =>
  isRemembered ? REFRESH_TOKEN_TTL_REMEMBER_MS : REFRESH_TOKEN_TTL_SESSION_MS;

/** Issues a token pair; a new sign-in starts a family, a refresh continues its family. */
export async function issueTokens(
  deps: TokenDeps,
  userId: string,
  options: { isRemembered: boolean; familyId?: string; client: ClientInfo },
): Promise<IssuedTokens> {
  const familyId = options.familyId ?? randomUUID();
  const refreshToken = newSessionToken();
  await insertRefreshToken(deps.db, {
    tokenHash: hashSessionToken(refreshToken),
    familyId,
    userId,
    isRemembered: options.isRemembered,
    expiresAt: new Date(Date.now() + refreshLifetimeMs(options.isRemembered)),
    ip: options.client.ip,
    userAgent: options.client.userAgent,
  });
  // A new sign-in (not a refresh) is the player's last login.
  if (!options.familyId) await recordPlayerSignIn(deps.db, userId);
  const keys = await deps.kit.signingKeys();
  const accessToken = await signAccessToken(keys.accessToken, { userId, familyId }, ACCESS_TOKEN_TTL_SECONDS);
  return { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

const invalidRefresh = () => new AppError('INVALID_TOKEN', COMMUNITY_MESSAGES.refreshTokenInvalid);

/**
 * Exchanges a refresh token for a new pair. Each token works once: a token presented again after its use
 * means it was copied, so the whole family (every token of that sign-in) is revoked and the caller gets 401.
 */
export async function rotateRefreshToken(
  deps: TokenDeps,
  refreshToken: string,
  client: ClientInfo,
): Promise<{ tokens: IssuedTokens; user: UserRow }> {
  const tokenHash = hashSessionToken(refreshToken);
  const used = await useRefreshToken(deps.db, tokenHash);
  if (!used) {
    const known = await findRefreshToken(deps.db, tokenHash);
    if (known?.used_at) {
      const revoked = await revokeFamily(deps.db, known.family_id, 'refresh_token_reused');
      deps.log.warn(
        { userId: known.user_id, familyId: known.family_id, revoked, ip: client.ip },
        'refresh token reused; sign-in revoked',
      );
      throw new AppError('REFRESH_TOKEN_REUSED');
    }
    throw invalidRefresh();
  }
  const user = await findUserById(deps.db, used.user_id);
  if (!user) throw invalidRefresh();
  const tokens = await issueTokens(deps, user.id, { isRemembered: used.is_remembered, familyId: used.family_id, client });
  return { tokens, user };
}
