import { timingSafeEqual } from 'node:crypto';
import { type BattlenetLinkResult, COMMUNITY_PATHS } from '@guildhall/contract';
import { findUserById } from '../../auth/community-user-queries';
import { hashSessionToken } from '../../auth/session-token';
import type { BattlenetOAuth, BattlenetRegion } from '../../services/battlenet/battlenet-oauth';
import type { BattlenetDeps } from './battlenet-deps';
import { useLinkState } from './connection-queries';
import { importConnection } from './import-connection';

/** What Battle.net's redirect brought back, and the state cookie of this browser. */
export interface BattlenetReturn {
  code?: string;
  state?: string;
  error?: string;
  cookieState: string | null;
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** What Battle.net says about the account that approved: who it is and its WoW characters. */
async function readBattlenet(oauth: BattlenetOAuth, code: string, region: BattlenetRegion) {
  const accessToken = await oauth.exchangeCode(code);
  const [user, characters] = await Promise.all([oauth.fetchUser(accessToken), oauth.fetchCharacters(accessToken, region)]);
  return { user, characters };
}

/**
 * Finishes a connect: the state must match this browser's cookie and a live stored state (once), then the
 * code is exchanged, the account and its WoW profile read and imported, and the browser goes back to
 * /settings?battlenetLink=<result>. Nothing is stored unless every step succeeded.
 */
export async function finishConnect(deps: BattlenetDeps, back: BattlenetReturn, ip: string): Promise<string> {
  const done = (result: BattlenetLinkResult) => `${deps.publicUrl}${COMMUNITY_PATHS.settings}?battlenetLink=${result}`;
  const { oauth } = deps;
  if (!oauth) return done('not_configured');
  const isBrowserBound = Boolean(back.state && back.cookieState && sameText(back.state, back.cookieState));
  const live = isBrowserBound ? await useLinkState(deps.db, hashSessionToken(back.state!)) : null;
  if (!live) return done('state_mismatch');
  if (back.error) return done('access_denied');
  if (!back.code) return done('exchange_failed');
  const user = await findUserById(deps.db, live.user_id);
  if (!user) return done('state_mismatch');

  let reading: Awaited<ReturnType<typeof readBattlenet>>;
  try {
    reading = await readBattlenet(oauth, back.code, live.region);
  } catch (error) {
    deps.log.warn({ err: error }, 'Battle.net connect failed');
    return done('exchange_failed');
  }
  return done(await importConnection(deps, user, { ...reading, region: live.region }, ip));
}
