import type { CharacterRole } from '@guildhall/contract';
import type { Config } from '../../config';
import { DEFAULT_PACED_TIMING, type PacedTiming, pacedFetch } from '../paced-fetch';
import { GameDataError, unavailableOf } from './game-data-error';

// Raider.IO's public API (/api/v1, no key): a guild's profile with its members, and each character's profile with
// its Mythic+ score of the current season and its gear's item level. Raider.IO answers 400 (not 404) with
// {statusCode, error, message} for a guild or character it does not know, and 429 past its per-minute limit.

/** A member of a guild as Raider.IO lists it. */
export interface RaiderIoMember {
  name: string;
  realm: string;
  className: string;
  race: string | null;
  spec: string | null;
  role: CharacterRole | null;
  rank: number;
}

/** What a character's profile adds. */
export interface RaiderIoCharacter {
  mythicPlusScore: number | null;
  itemLevelEquipped: number | null;
  thumbnailUrl: string | null;
  spec: string | null;
  role: CharacterRole | null;
}

export interface RaiderIoApi {
  /** Null when Raider.IO has no such guild. */
  guildMembers(region: string, realm: string, name: string, signal?: AbortSignal): Promise<RaiderIoMember[] | null>;
  /** Null when Raider.IO has no such character (not crawled yet). */
  character(region: string, realm: string, name: string, signal?: AbortSignal): Promise<RaiderIoCharacter | null>;
}

const ROLES: Record<string, CharacterRole> = { TANK: 'tank', HEALING: 'healer', DPS: 'dps' };

interface RaiderIoProfile {
  name: string;
  realm: string;
  class: string;
  race?: string;
  active_spec_name?: string | null;
  active_spec_role?: string | null;
  thumbnail_url?: string;
  gear?: { item_level_equipped?: number };
  mythic_plus_scores_by_season?: { season: string; scores?: { all?: number } }[];
}

export function createRaiderIoApi(settings: Config['gameData'], timing: PacedTiming = DEFAULT_PACED_TIMING): RaiderIoApi {
  const { apiBase, requestsPerMinute } = settings.raiderIo;
  const paced = pacedFetch('Raider.IO', { timeoutMs: settings.timeoutMs, requestsPerSecond: requestsPerMinute / 60 }, timing);

  async function get(path: string, query: Record<string, string>, signal?: AbortSignal): Promise<unknown | null> {
    let response: Response;
    try {
      response = await paced.call(`${apiBase}${path}?${new URLSearchParams(query)}`, async () => ({}), signal, path);
    } catch (error) {
      throw unavailableOf(error);
    }
    if (response.ok) return response.json();
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    if (response.status === 400 && /could not find/i.test(body?.message ?? '')) return null;
    throw new GameDataError('unavailable', `Raider.IO answered ${response.status}: ${body?.message ?? 'no reason given'}`);
  }

  return {
    async guildMembers(region, realm, name, signal) {
      const guild = (await get('/guilds/profile', { region, realm, name, fields: 'members' }, signal)) as {
        members?: { rank: number; character: RaiderIoProfile }[];
      } | null;
      if (!guild) return null;
      return (guild.members ?? []).map(({ rank, character }) => ({
        name: character.name,
        realm: character.realm,
        className: character.class,
        race: character.race ?? null,
        spec: character.active_spec_name ?? null,
        role: ROLES[character.active_spec_role ?? ''] ?? null,
        rank,
      }));
    },
    async character(region, realm, name, signal) {
      const profile = (await get(
        '/characters/profile',
        { region, realm, name, fields: 'gear,mythic_plus_scores_by_season:current' },
        signal,
      )) as RaiderIoProfile | null;
      if (!profile) return null;
      return {
        mythicPlusScore: profile.mythic_plus_scores_by_season?.[0]?.scores?.all ?? null,
        itemLevelEquipped: profile.gear?.item_level_equipped ?? null,
        thumbnailUrl: profile.thumbnail_url ?? null,
        spec: profile.active_spec_name ?? null,
        role: ROLES[profile.active_spec_role ?? ''] ?? null,
      };
    },
  };
}
