import type { Config } from '../../config';
import { fetchService, ServiceUnreachableError } from '../fetch-service';
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

/** How a client waits: for tests, shorter than Blizzard's answers ask. */
export interface ProfileApiTiming {
  /** Tries of one call on a 429, a 5xx or no answer before it fails. */
  attempts: number;
  /** The wait before the next try when the answer names none (doubles each time). */
  backoffMs: number;
  /** Longest wait a Retry-After may ask for. */
  maxWaitMs: number;
}

const DEFAULT_TIMING: ProfileApiTiming = { attempts: 3, backoffMs: 1000, maxWaitMs: 60_000 };

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

type Named = string | Record<string, string> | undefined;
const text = (value: Named): string | null =>
  value === undefined ? null : typeof value === 'string' ? value : (value.en_US ?? Object.values(value)[0] ?? null);

/** Retry-After in seconds or as a date; null when absent. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** The client, or null without BNET_CLIENT_ID and BNET_CLIENT_SECRET. */
export function createProfileApi(settings: Config['battlenet'], timing: ProfileApiTiming = DEFAULT_TIMING): ProfileApi | null {
  const { clientId, clientSecret, oauthBase, apiBase, timeoutMs, requestsPerSecond } = settings;
  if (!clientId || !clientSecret) return null;
  let token: { value: string; expiresAt: number } | null = null;
  // Calls start at least this far apart, so a sync stays within Blizzard's per-second limit.
  const spacingMs = 1000 / requestsPerSecond;
  let nextStart = 0;

  async function slot(signal?: AbortSignal) {
    const now = Date.now();
    const at = Math.max(now, nextStart);
    nextStart = at + spacingMs;
    if (at > now) await sleep(at - now, signal);
  }

  async function accessToken(signal?: AbortSignal): Promise<string> {
    if (token && token.expiresAt > Date.now() + 60_000) return token.value;
    let response: Response;
    try {
      response = await fetchService('Battle.net', `${oauthBase}/token`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
        timeoutMs,
        signal,
      });
    } catch (error) {
      if (error instanceof ServiceUnreachableError) throw new ProfileApiError('unavailable', error.message);
      throw error;
    }
    if (response.status === 400 || response.status === 401) {
      throw new ProfileApiError('credentials', `Battle.net refused the client credentials (${response.status})`);
    }
    if (!response.ok) throw new ProfileApiError('unavailable', `Battle.net's token endpoint answered ${response.status}`);
    const grant = (await response.json()) as { access_token: string; expires_in: number };
    token = { value: grant.access_token, expiresAt: Date.now() + grant.expires_in * 1000 };
    return token.value;
  }

  /** One GET, retried on 429 (as long as Retry-After asks), 5xx and no answer; a 401 takes a new token once. */
  async function get(region: BattlenetRegion, path: string, signal?: AbortSignal): Promise<unknown | null> {
    const base = apiBase ?? `https://${region}.api.blizzard.com`;
    const url = `${base}${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ namespace: `profile-${region}`, locale: 'en_US' })}`;
    let renewedToken = false;
    let lastProblem = '';
    for (let attempt = 1; attempt <= timing.attempts; attempt++) {
      await slot(signal);
      let response: Response;
      try {
        response = await fetchService('Battle.net', url, {
          headers: { Authorization: `Bearer ${await accessToken(signal)}` },
          timeoutMs,
          signal,
        });
      } catch (error) {
        if (!(error instanceof ServiceUnreachableError)) throw error;
        lastProblem = error.message;
        if (attempt < timing.attempts) await sleep(timing.backoffMs * 2 ** (attempt - 1), signal);
        continue;
      }
      if (response.ok) return response.json();
      await response.body?.cancel();
      if (response.status === 404) return null;
      if (response.status === 401 && !renewedToken) {
        token = null;
        renewedToken = true;
        attempt--;
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        throw new ProfileApiError('credentials', `Battle.net refused the token (${response.status})`);
      }
      lastProblem = `Battle.net answered ${response.status} for ${path.split('?')[0]}`;
      if (response.status !== 429 && response.status < 500) throw new ProfileApiError('unavailable', lastProblem);
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? timing.backoffMs * 2 ** (attempt - 1);
      if (attempt < timing.attempts) {
        // A 429 holds back every call of this client, not just this one.
        nextStart = Math.max(nextStart, Date.now() + Math.min(wait, timing.maxWaitMs));
        await sleep(Math.min(wait, timing.maxWaitMs), signal);
      }
    }
    throw new ProfileApiError('unavailable', lastProblem);
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
