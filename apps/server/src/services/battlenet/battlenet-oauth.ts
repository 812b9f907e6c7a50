import type { Config } from '../../config';
import { battlenetFetch } from './battlenet-api';
import { type WowCharacter, type WowProfile, wowCharactersOf } from './wow-profile';

/** A Battle.net region. */
export type BattlenetRegion = 'us' | 'eu' | 'kr' | 'tw';

/** Guildhall asks only to read the WoW profile; the account id and BattleTag come with every grant. */
export const BATTLENET_SCOPES = 'openid wow.profile';

/** The account behind a grant, from /userinfo. */
export interface BattlenetUser {
  id: string;
  battletag: string;
}

/** Battle.net's OAuth2 code flow and the WoW profile, for the configured client. */
export interface BattlenetOAuth {
  authorizeUrl(state: string): string;
  exchangeCode(code: string): Promise<string>;
  fetchUser(accessToken: string): Promise<BattlenetUser>;
  fetchCharacters(accessToken: string, region: BattlenetRegion): Promise<WowCharacter[]>;
}

/** The API host of a region: BNET_API_BASE when set (one host for all, as the test fake is), else Blizzard's. */
const apiBaseOf = (apiBase: string | null, region: BattlenetRegion) => apiBase ?? `https://${region}.api.blizzard.com`;

/** The client, or null without BNET_CLIENT_ID and BNET_CLIENT_SECRET. */
export function createBattlenetOAuth(settings: Config['battlenet']): BattlenetOAuth | null {
  const { clientId, clientSecret, oauthBase, apiBase, redirectUri } = settings;
  if (!clientId || !clientSecret) return null;
  return {
    authorizeUrl(state) {
      const params = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: BATTLENET_SCOPES,
        state,
      });
      return `${oauthBase}/authorize?${params}`;
    },
    async exchangeCode(code) {
      const grant = (await battlenetFetch(`${oauthBase}/token`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
      })) as { access_token: string };
      return grant.access_token;
    },
    async fetchUser(accessToken) {
      const user = (await battlenetFetch(`${oauthBase}/userinfo`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      })) as { id: number | string; battletag: string };
      return { id: String(user.id), battletag: user.battletag };
    },
    async fetchCharacters(accessToken, region) {
      const params = new URLSearchParams({ namespace: `profile-${region}`, locale: 'en_US' });
      const profile = (await battlenetFetch(`${apiBaseOf(apiBase, region)}/profile/user/wow?${params}`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      })) as WowProfile;
      return wowCharactersOf(profile);
    },
  };
}
