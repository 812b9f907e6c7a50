import { BATTLENET_MESSAGES, BATTLENET_STATE_TTL_MS } from '@guildhall/contract';
import { hashSessionToken, newSessionToken } from '../../auth/session-token';
import { AppError } from '../../core/app-error';
import type { BattlenetRegion } from '../../services/battlenet/battlenet-oauth';
import type { BattlenetDeps } from './battlenet-deps';
import { insertLinkState } from './connection-queries';

/** Starts connecting Battle.net: a state naming the member and region (its hash stored), and the authorize URL. */
export async function startConnect(deps: BattlenetDeps, userId: string, region: BattlenetRegion) {
  if (!deps.oauth) throw new AppError('SERVICE_UNAVAILABLE', BATTLENET_MESSAGES.notConfigured);
  const state = newSessionToken();
  await insertLinkState(deps.db, hashSessionToken(state), userId, region, new Date(Date.now() + BATTLENET_STATE_TTL_MS));
  return { authUrl: deps.oauth.authorizeUrl(state), state };
}
