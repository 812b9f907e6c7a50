import type { Config } from '../../config';
import { ClientRefused, clientCredentials, TokenEndpointFailed } from '../client-credentials';
import { ServiceUnreachableError } from '../fetch-service';
import { DEFAULT_PACED_TIMING, PacedCallFailed, type PacedTiming, pacedFetch } from '../paced-fetch';
import type { BattlenetRegion } from './battlenet-oauth';

// Blizzard's Profile API with a client-credentials token (no player involved): a guild's roster
// (/data/wow/guild/{realmSlug}/{nameSlug}/roster), a character's profile summary (level, class, race, spec, average
// and equipped item level) and its media (avatar, main render), each with namespace=profile-{region}.

/** Why a Profile API call failed, as the sync tells it apart. */
export type ProfileFailure = 'not_found' | 'credentials' | 'unavailable';

/** A call that failed for good (retries included). */
export class ProfileApiError extends Error {
  override name = 'ProfileApiError';
  constructor(
    readonly failure: ProfileFailure,
    message: string,
  ) {
    super(message);
  }
}

/** A member of a guild roster. */
export interface RosterMember {
  battlenetId: string;
  name: string;
  realmSlug: string;
  rank: number;
  level: number | null;
  classId: number | null;
  raceId: number | null;
}

/** What a character's profile and media say. */
export interface CharacterProfile {
  className: string | null;
  race: string | null;
  spec: string | null;
  level: number | null;
  realmName: string | null;
  itemLevel: number | null;
  itemLevelEquipped: number | null;
  lastLogin: string | null;
  avatarUrl: string | null;
  renderUrl: string | null;
}

/** The Profile API of the configured client. */
export interface ProfileApi {
  roster(region: BattlenetRegion, realmSlug: string, guildSlug: string, signal?: AbortSignal): Promise<RosterMember[]>;
  /** Null when Blizzard has no profile for it (a character not logged in for long, or renamed since the roster). */
  character(region: BattlenetRegion, realmSlug: string, name: string, signal?: AbortSignal): Promise<CharacterProfile | null>;
}

type Named = string | Record<string, string> | undefined;
const text = (value: Named): string | null =>
  value === undefined ? null : typeof value === 'string' ? value : (value.en_US ?? Object.values(value)[0] ?? null);

/** The client, or null without BNET_CLIENT_ID and BNET_CLIENT_SECRET. */
export function createProfileApi(settings: Config['battlenet'], timing: PacedTiming = DEFAULT_PACED_TIMING): ProfileApi | null {
  const { clientId, clientSecret, oauthBase, apiBase, timeoutMs, requestsPerSecond } = settings;
  if (!clientId || !clientSecret) return null;
  const credentials = clientCredentials({
    service: 'Battle.net',
    tokenUrl: `${oauthBase}/token`,
    clientId,
    clientSecret,
    timeoutMs,
  });
  // Calls start at least this far apart, so a sync stays within Blizzard's per-second limit.
  const paced = pacedFetch('Battle.net', { timeoutMs, requestsPerSecond }, timing);

  async function accessToken(signal?: AbortSignal): Promise<string> {
    try {
      return await credentials.token(signal);
    } catch (error) {
      if (error instanceof ClientRefused) throw new ProfileApiError('credentials', error.message);
      if (error instanceof ServiceUnreachableError || error instanceof TokenEndpointFailed) {
        throw new ProfileApiError('unavailable', error.message);
      }
      throw error;
    }
  }

  /** One GET, retried on 429 (as long as Retry-After asks), 5xx and no answer; a 401 takes a new token once. */
  async function get(region: BattlenetRegion, path: string, signal?: AbortSignal): Promise<unknown | null> {
    const base = apiBase ?? `https://${region}.api.blizzard.com`;
    const url = `${base}${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ namespace: `profile-${region}`, locale: 'en_US' })}`;
    for (let renewedToken = false; ; renewedToken = true) {
      let response: Response;
      try {
        response = await paced.call(
          url,
          async () => ({ headers: { Authorization: `Bearer ${await accessToken(signal)}` } }),
          signal,
          path.split('?')[0],
        );
      } catch (error) {
        if (error instanceof PacedCallFailed) throw new ProfileApiError('unavailable', error.message);
        throw error;
      }
      if (response.ok) return response.json();
      await response.body?.cancel();
      if (response.status === 404) return null;
      if (response.status === 401 && !renewedToken) {
        credentials.forget();
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        throw new ProfileApiError('credentials', `Battle.net refused the token (${response.status})`);
      }
      throw new ProfileApiError('unavailable', `Battle.net answered ${response.status} for ${path.split('?')[0]}`);
    }
  }

  return {
    async roster(region, realmSlug, guildSlug, signal) {
      const path = `/data/wow/guild/${encodeURIComponent(realmSlug)}/${encodeURIComponent(guildSlug)}/roster`;
      const roster = (await get(region, path, signal)) as {
        members?: {
          rank: number;
          character: {
            id: number;
            name: string;
            level?: number;
            realm: { slug: string };
            playable_class?: { id: number };
            playable_race?: { id: number };
          };
        }[];
      } | null;
      if (!roster) throw new ProfileApiError('not_found', 'Battle.net has no such guild');
      return (roster.members ?? []).map(({ rank, character }) => ({
        battlenetId: String(character.id),
        name: character.name,
        realmSlug: character.realm.slug,
        rank,
        level: character.level ?? null,
        classId: character.playable_class?.id ?? null,
        raceId: character.playable_race?.id ?? null,
      }));
    },
    async character(region, realmSlug, name, signal) {
      const path = `/profile/wow/character/${encodeURIComponent(realmSlug)}/${encodeURIComponent(name.toLocaleLowerCase('en-US'))}`;
      const profile = (await get(region, path, signal)) as {
        level?: number;
        character_class?: { name?: Named };
        race?: { name?: Named };
        active_spec?: { name?: Named };
        realm?: { name?: Named };
        average_item_level?: number;
        equipped_item_level?: number;
        last_login_timestamp?: number;
      } | null;
      if (!profile) return null;
      const media = (await get(region, `${path}/character-media`, signal)) as {
        assets?: { key: string; value: string }[];
      } | null;
      const asset = (key: string) => media?.assets?.find((entry) => entry.key === key)?.value ?? null;
      return {
        className: text(profile.character_class?.name),
        race: text(profile.race?.name),
        spec: text(profile.active_spec?.name),
        level: profile.level ?? null,
        realmName: text(profile.realm?.name),
        itemLevel: profile.average_item_level ?? null,
        itemLevelEquipped: profile.equipped_item_level ?? null,
        lastLogin: profile.last_login_timestamp ? new Date(profile.last_login_timestamp).toISOString() : null,
        avatarUrl: asset('avatar'),
        renderUrl: asset('main') ?? asset('main-raw'),
      };
    },
  };
}
