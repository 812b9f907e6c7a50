import type { ServerResponse } from 'node:http';
import { type FakeRequest, LoopbackFake, send } from './loopback-fake';

/** A character of a WoWAudit team. */
export interface FakeWowAuditCharacter {
  id: number;
  name: string;
  realm: string;
  class: string;
  role: 'Tank' | 'Heal' | 'Melee' | 'Ranged';
  rank: string;
  status: 'tracking' | 'not_tracking';
  note: string | null;
  blizzard_id: number | null;
  tracking_since: string;
}

export function wowAuditCharacter(
  id: number,
  name: string,
  realm: string,
  more: Partial<Omit<FakeWowAuditCharacter, 'id' | 'name' | 'realm'>> = {},
): FakeWowAuditCharacter {
  return {
    id,
    name,
    realm,
    class: more.class ?? 'Paladin',
    role: more.role ?? 'Melee',
    rank: more.rank ?? 'Main',
    status: more.status ?? 'tracking',
    note: more.note ?? null,
    blizzard_id: more.blizzard_id ?? null,
    tracking_since: '2026-09-01T00:00:00.000Z',
  };
}

/** An item of a WoWAudit wishlist: Droptimizer's upgrade in percent, and the manual wishes on it. */
export interface FakeWowAuditItem {
  id: number;
  name: string;
  slot: string;
  percentage: number;
  absolute: number;
  wishes: {
    specialization: string;
    weight: number;
    upgrade: string;
    percentage: number | null;
    absolute: number | null;
    comment: string | null;
  }[];
}

/** One character's wishlists as GET /v1/wishlists lists them: per wishlist, instance, difficulty and boss. */
export interface FakeWowAuditWishlistCharacter {
  id: number;
  name: string;
  realm: string;
  wishlists: {
    name: string;
    fight_style: string;
    allow_sockets: boolean;
    weight: number;
    instances: {
      id: number;
      name: string;
      difficulties: {
        difficulty: string;
        wishlist: {
          updated_at: Record<string, string | null>;
          report_uploaded_at: Record<string, string | null>;
          encounters: { name: string; encounter_percentage: number; encounter_absolute: number; items: FakeWowAuditItem[] }[];
          total_percentage: number;
          total_absolute: number;
        };
      }[];
    }[];
  }[];
}

/** A character's one wishlist ("Single target") of one instance and difficulty, its items by boss. */
export function wowAuditWishlist(
  character: { id: number; name: string; realm: string },
  instance: string,
  difficulty: string,
  bosses: Record<string, FakeWowAuditItem[]>,
): FakeWowAuditWishlistCharacter {
  const encounters = Object.entries(bosses).map(([name, items]) => ({
    name,
    encounter_percentage: Math.max(0, ...items.map((item) => item.percentage)),
    encounter_absolute: Math.max(0, ...items.map((item) => item.absolute)),
    items,
  }));
  return {
    ...character,
    wishlists: [
      {
        name: 'Single target',
        fight_style: 'Patchwerk',
        allow_sockets: true,
        weight: 1,
        instances: [
          {
            id: 73,
            name: instance,
            difficulties: [
              {
                difficulty,
                wishlist: {
                  updated_at: { Restoration: '2026-11-20T18:00:00.000Z' },
                  report_uploaded_at: { Restoration: '2026-11-20T18:00:00.000Z' },
                  encounters,
                  total_percentage: encounters.reduce((sum, encounter) => sum + encounter.encounter_percentage, 0),
                  total_absolute: encounters.reduce((sum, encounter) => sum + encounter.encounter_absolute, 0),
                },
              },
            ],
          },
        ],
      },
    ],
  };
}

/**
 * WoWAudit's API (/v1) as a loopback fake: each team's key in the Authorization header (the key itself, as WoWAudit
 * documents it, or after "Bearer "), GET /v1/characters and GET /v1/wishlists ({ characters: [...] }) in their
 * shapes, 401 for a key it does not know, 429 with
 * Retry-After past its limit. Point WOWAUDIT_API_BASE at `apiBase`.
 */
export class WowAuditFake extends LoopbackFake {
  /** Each team's characters, by its key. */
  readonly teams = new Map<string, FakeWowAuditCharacter[]>();
  /** Each team's wishlists, by its key (none set: the team has no wishlists, and WoWAudit lists none). */
  readonly wishlists = new Map<string, FakeWowAuditWishlistCharacter[]>();

  get apiBase() {
    return `${this.base}/v1`;
  }

  protected rateLimitedBody() {
    return { error: 'Rate limit exceeded' };
  }

  protected failureBody() {
    return { error: 'Internal server error' };
  }

  protected answer(request: FakeRequest, res: ServerResponse) {
    const key = (request.authorization ?? '').replace(/^Bearer\s+/i, '');
    const team = this.teams.get(key);
    if (!team) return send(res, 401, { error: 'Unauthorized' });
    if (request.method === 'GET' && request.path === '/v1/characters') return send(res, 200, team);
    if (request.method === 'GET' && request.path === '/v1/wishlists') {
      return send(res, 200, { characters: this.wishlists.get(key) ?? [] });
    }
    return send(res, 404, { error: 'Not found' });
  }
}
