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

/**
 * WoWAudit's API (/v1) as a loopback fake: each team's key in the Authorization header (the key itself, as WoWAudit
 * documents it, or after "Bearer "), GET /v1/characters in its shape, 401 for a key it does not know, 429 with
 * Retry-After past its limit. Point WOWAUDIT_API_BASE at `apiBase`.
 */
export class WowAuditFake extends LoopbackFake {
  /** Each team's characters, by its key. */
  readonly teams = new Map<string, FakeWowAuditCharacter[]>();

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
    return send(res, 404, { error: 'Not found' });
  }
}
