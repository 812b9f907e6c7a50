import type { ServerResponse } from 'node:http';
import { type FakeRequest, LoopbackFake, send } from './loopback-fake';

/** A character as Raider.IO knows it. */
export interface FakeRaiderIoCharacter {
  name: string;
  realm: string;
  className: string;
  race: string;
  spec: string;
  role: 'TANK' | 'HEALING' | 'DPS';
  rank: number;
  itemLevel: number;
  score: number;
  /** False: the guild lists it but its profile answers "Could not find requested character". */
  hasProfile?: boolean;
}

/** A guild as Raider.IO knows it. */
export interface FakeRaiderIoGuild {
  region: string;
  realm: string;
  name: string;
  members: FakeRaiderIoCharacter[];
}

export function raiderIoCharacter(
  name: string,
  realm: string,
  more: Partial<Omit<FakeRaiderIoCharacter, 'name' | 'realm'>> = {},
): FakeRaiderIoCharacter {
  return {
    name,
    realm,
    className: more.className ?? 'Paladin',
    race: more.race ?? 'Human',
    spec: more.spec ?? 'Retribution',
    role: more.role ?? 'DPS',
    rank: more.rank ?? 3,
    itemLevel: more.itemLevel ?? 615,
    score: more.score ?? 2500.5,
    hasProfile: more.hasProfile ?? true,
  };
}

const slug = (text: string) => text.toLowerCase().replace(/'/g, '').replace(/\s+/g, '-');
const same = (a: string, b: string) => slug(a) === slug(b);

/**
 * Raider.IO's public API (/api/v1) as a loopback fake: /guilds/profile with fields=members and /characters/profile
 * with fields=gear,mythic_plus_scores_by_season:current, in Raider.IO's shapes; what it does not know is its 400
 * {statusCode, error, message}; past the limit a 429 with Retry-After. Point RAIDERIO_API_BASE at `apiBase`.
 */
export class RaiderIoFake extends LoopbackFake {
  readonly guilds: FakeRaiderIoGuild[] = [];

  get apiBase() {
    return `${this.base}/api/v1`;
  }

  protected rateLimitedBody() {
    return { statusCode: 429, error: 'Too Many Requests', message: 'Too many requests, please try again later.' };
  }

  protected failureBody(status: number) {
    return { statusCode: status, error: 'Service Unavailable', message: 'Service Unavailable' };
  }

  private profileOf(region: string, character: FakeRaiderIoCharacter) {
    return {
      name: character.name,
      race: character.race,
      class: character.className,
      active_spec_name: character.spec,
      active_spec_role: character.role,
      gender: 'female',
      faction: 'alliance',
      achievement_points: 12345,
      thumbnail_url: `https://render.worldofwarcraft.com/${region}/character/${slug(character.realm)}/1/2-avatar.jpg`,
      region,
      realm: character.realm,
      last_crawled_at: '2026-11-27T10:00:00.000Z',
      profile_url: `https://raider.io/characters/${region}/${slug(character.realm)}/${encodeURIComponent(character.name)}`,
      profile_banner: 'hordebanner1',
    };
  }

  protected answer(request: FakeRequest, res: ServerResponse) {
    const q = request.query;
    const region = q.get('region') ?? '';
    if (request.path === '/api/v1/guilds/profile') {
      const guild = this.guilds.find(
        (g) => g.region === region && same(g.realm, q.get('realm') ?? '') && same(g.name, q.get('name') ?? ''),
      );
      if (!guild) return send(res, 400, { statusCode: 400, error: 'Bad Request', message: 'Could not find requested guild' });
      return send(res, 200, {
        name: guild.name,
        faction: 'alliance',
        region,
        realm: guild.realm,
        last_crawled_at: '2026-11-27T10:00:00.000Z',
        profile_url: `https://raider.io/guilds/${region}/${slug(guild.realm)}/${encodeURIComponent(guild.name)}`,
        ...(q.get('fields')?.split(',').includes('members')
          ? { members: guild.members.map((member) => ({ rank: member.rank, character: this.profileOf(region, member) })) }
          : {}),
      });
    }
    if (request.path === '/api/v1/characters/profile') {
      const character = this.guilds
        .filter((g) => g.region === region)
        .flatMap((g) => g.members)
        .find((c) => same(c.realm, q.get('realm') ?? '') && c.name.toLowerCase() === (q.get('name') ?? '').toLowerCase());
      if (!character || character.hasProfile === false) {
        return send(res, 400, { statusCode: 400, error: 'Bad Request', message: 'Could not find requested character' });
      }
      const fields = q.get('fields')?.split(',') ?? [];
      return send(res, 200, {
        ...this.profileOf(region, character),
        ...(fields.includes('gear')
          ? {
              gear: {
                updated_at: '2026-11-27T10:00:00.000Z',
                item_level_equipped: character.itemLevel,
                item_level_total: character.itemLevel,
                items: {},
              },
            }
          : {}),
        ...(fields.some((field) => field.startsWith('mythic_plus_scores_by_season'))
          ? {
              mythic_plus_scores_by_season: [
                {
                  season: 'season-tww-3',
                  scores: {
                    all: character.score,
                    dps: character.score,
                    healer: 0,
                    tank: 0,
                    spec_0: 0,
                    spec_1: 0,
                    spec_2: 0,
                    spec_3: 0,
                  },
                  segments: {},
                },
              ],
            }
          : {}),
      });
    }
    return send(res, 404, { statusCode: 404, error: 'Not Found', message: 'Not Found' });
  }
}
