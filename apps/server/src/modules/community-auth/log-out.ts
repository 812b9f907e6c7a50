import { revokeCommunitySessionByTokenHash } from '../../auth/community-session-queries';
import { findRefreshToken, revokeFamily } from '../../auth/community-token-queries';
import { hashSessionToken } from '../../auth/session-token';
import type { Db } from '../../services/db/db';

/**
 * Ends what the caller presents: the sign-in (family) of a refresh token or of the access token, and the
 * Discord cookie session. Logging out twice, or with something already ended, is not an error.
 */
export async function logOut(
  db: Db,
  presented: { refreshToken?: string; accessFamilyId?: string; sessionToken?: string },
): Promise<void> {
  const families = new Set<string>();
  if (presented.accessFamilyId) families.add(presented.accessFamilyId);
  if (presented.refreshToken) {
    const row = await findRefreshToken(db, hashSessionToken(presented.refreshToken));
    if (row) families.add(row.family_id);
  }
  for (const familyId of families) await revokeFamily(db, familyId, 'logout');
  if (presented.sessionToken) await revokeCommunitySessionByTokenHash(db, hashSessionToken(presented.sessionToken), 'logout');
}
