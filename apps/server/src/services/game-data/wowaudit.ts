import type { CharacterRole } from '@guildhall/contract';
import type { Config } from '../../config';
import { DEFAULT_PACED_TIMING, type PacedTiming, pacedFetch } from '../paced-fetch';
import { GameDataError, unavailableOf } from './game-data-error';

// WoWAudit's API (/v1) with a guild's own key in the Authorization header: the team's characters with their role,
// rank and Blizzard id. A wrong or revoked key is a 401.

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

export interface WowAuditApi {
  characters(key: string, signal?: AbortSignal): Promise<WowAuditCharacter[]>;
}

const ROLES: Record<string, CharacterRole> = { Tank: 'tank', Heal: 'healer', Melee: 'dps', Ranged: 'dps' };

/** WoWAudit allows a few calls a second; a sync makes one. */
const REQUESTS_PER_SECOND = 2;

export function createWowAuditApi(settings: Config['gameData'], timing: PacedTiming = DEFAULT_PACED_TIMING): WowAuditApi {
  const paced = pacedFetch('WoWAudit', { timeoutMs: settings.timeoutMs, requestsPerSecond: REQUESTS_PER_SECOND }, timing);
  return {
    async characters(key, signal) {
      let response: Response;
      try {
        response = await paced.call(
          `${settings.wowAudit.apiBase}/characters`,
          async () => ({ headers: { Authorization: key, Accept: 'application/json' } }),
          signal,
        );
      } catch (error) {
        throw unavailableOf(error);
      }
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        throw new GameDataError('credentials', `WoWAudit refused the key (${response.status})`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new GameDataError('unavailable', `WoWAudit answered ${response.status}`);
      }
      const characters = (await response.json()) as {
        id: number;
        name: string;
        realm: string;
        class: string;
        role?: string | null;
        rank?: string | null;
        blizzard_id?: number | null;
      }[];
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
  };
}
