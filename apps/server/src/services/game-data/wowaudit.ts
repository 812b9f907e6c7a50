import type { CharacterRole } from '@guildhall/contract';
import type { Config } from '../../config';
import { DEFAULT_PACED_TIMING, type PacedTiming, pacedFetch } from '../paced-fetch';
import { GameDataError, unavailableOf } from './game-data-error';

// WoWAudit's API (/v1) with a guild's own key in the Authorization header: the team's characters with their role,
// rank and Blizzard id, and their wishlists (Droptimizer's upgrades and manual wishes). A wrong or revoked key is a 401.

/** A character of the team as WoWAudit lists it. */
export interface WowAuditCharacter {
  id: number;
  name: string;
  realm: string;
  className: string;
  role: CharacterRole | null;
  /** The team's rank ('Main', 'Trial', …). */
  rank: string | null;
  battlenetId: string | null;
}

/** One item of a character's WoWAudit wishlist, where and how much it helps (Droptimizer's, or a manual wish). */
export interface WowAuditWishedItem {
  itemId: number;
  name: string;
  instance: string;
  difficulty: string;
  encounter: string;
  /** Droptimizer's upgrade in percent of the character's output, times the wishlist's weight; 0 when unknown. */
  percentage: number;
  /** A manual wish's size ('huge', 'big', …), the strongest of the item's wishes; null without one. */
  upgrade: string | null;
  /** The wish's comment ('BIS'), if any. */
  comment: string | null;
}

/** A character's WoWAudit wishlists, every item flattened. */
export interface WowAuditWishlist {
  characterId: number;
  name: string;
  realm: string;
  items: WowAuditWishedItem[];
}

export interface WowAuditApi {
  characters(key: string, signal?: AbortSignal): Promise<WowAuditCharacter[]>;
  /** GET /v1/wishlists: every tracked character's wishlists; [] when the team has none (404). */
  wishlists(key: string, signal?: AbortSignal): Promise<WowAuditWishlist[]>;
}

/** GET /v1/wishlists as WoWAudit answers it (the fields Guildhall reads). */
interface WishlistsBody {
  characters?: {
    id: number;
    name: string;
    realm: string;
    wishlists?: {
      weight?: number | null;
      instances?: {
        name: string;
        difficulties?: {
          difficulty: string;
          wishlist?: {
            encounters?: {
              name: string;
              items?: {
                id: number;
                name: string;
                percentage?: number | null;
                wishes?: { upgrade?: string | null; percentage?: number | null; comment?: string | null }[];
              }[];
            }[];
          } | null;
        }[];
      }[];
    }[];
  }[];
}

/** Manual wish sizes, weakest first. */
const UPGRADES = ['tiny', 'small', 'medium', 'big', 'huge'];
const strongerUpgrade = (a: string | null, b: string | null) => (UPGRADES.indexOf(b ?? '') > UPGRADES.indexOf(a ?? '') ? b : a);

/** Every item of a character's wishlists, with its best percentage and strongest wish. */
function wishedItemsOf(character: NonNullable<WishlistsBody['characters']>[number]): WowAuditWishedItem[] {
  const items: WowAuditWishedItem[] = [];
  for (const wishlist of character.wishlists ?? []) {
    const weight = typeof wishlist.weight === 'number' && wishlist.weight > 0 ? wishlist.weight : 1;
    for (const instance of wishlist.instances ?? []) {
      for (const difficulty of instance.difficulties ?? []) {
        for (const encounter of difficulty.wishlist?.encounters ?? []) {
          for (const item of encounter.items ?? []) {
            if (!Number.isInteger(item.id) || item.id <= 0) continue;
            const wishes = item.wishes ?? [];
            const percentage = Math.max(item.percentage ?? 0, ...wishes.map((wish) => wish.percentage ?? 0));
            items.push({
              itemId: item.id,
              name: String(item.name ?? item.id),
              instance: instance.name,
              difficulty: difficulty.difficulty,
              encounter: encounter.name,
              percentage: percentage * weight,
              upgrade: wishes.reduce<string | null>((best, wish) => strongerUpgrade(best, wish.upgrade ?? null), null),
              comment: wishes.find((wish) => wish.comment)?.comment ?? null,
            });
          }
        }
      }
    }
  }
  return items;
}

const ROLES: Record<string, CharacterRole> = { Tank: 'tank', Heal: 'healer', Melee: 'dps', Ranged: 'dps' };

/** WoWAudit allows a few calls a second; a sync makes two. */
const REQUESTS_PER_SECOND = 2;

/**
 * A GET of WoWAudit's API with the team's key: 401/403 a refused key, 404 null where the caller takes it as "none"
 * (`isOptional`), anything else not ok unavailable.
 */
async function getJson<T>(
  paced: ReturnType<typeof pacedFetch>,
  url: string,
  key: string,
  signal: AbortSignal | undefined,
  isOptional = false,
): Promise<T | null> {
  let response: Response;
  try {
    response = await paced.call(url, async () => ({ headers: { Authorization: key, Accept: 'application/json' } }), signal);
  } catch (error) {
    throw unavailableOf(error);
  }
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    throw new GameDataError('credentials', `WoWAudit refused the key (${response.status})`);
  }
  if (response.status === 404 && isOptional) {
    await response.body?.cancel();
    return null;
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new GameDataError('unavailable', `WoWAudit answered ${response.status}`);
  }
  return (await response.json()) as T;
}

export function createWowAuditApi(settings: Config['gameData'], timing: PacedTiming = DEFAULT_PACED_TIMING): WowAuditApi {
  const paced = pacedFetch('WoWAudit', { timeoutMs: settings.timeoutMs, requestsPerSecond: REQUESTS_PER_SECOND }, timing);
  return {
    async characters(key, signal) {
      const characters =
        (await getJson<
          {
            id: number;
            name: string;
            realm: string;
            class: string;
            role?: string | null;
            rank?: string | null;
            blizzard_id?: number | null;
          }[]
        >(paced, `${settings.wowAudit.apiBase}/characters`, key, signal)) ?? [];
      return characters.map((character) => ({
        id: character.id,
        name: character.name,
        realm: character.realm,
        className: character.class,
        role: ROLES[character.role ?? ''] ?? null,
        rank: character.rank ?? null,
        battlenetId: character.blizzard_id ? String(character.blizzard_id) : null,
      }));
    },
    async wishlists(key, signal) {
      const body = await getJson<WishlistsBody>(paced, `${settings.wowAudit.apiBase}/wishlists`, key, signal, true);
      return (body?.characters ?? []).map((character) => ({
        characterId: character.id,
        name: character.name,
        realm: character.realm,
        items: wishedItemsOf(character),
      }));
    },
  };
}
