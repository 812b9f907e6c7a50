import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A WoW character as /profile/user/wow lists it (locale=en_US: names are plain strings). */
export interface FakeWowCharacter {
  name: string;
  realm: { slug: string; name: string };
  playable_class: { name: string };
  playable_race: { name: string };
  level: number;
  faction: { type: 'ALLIANCE' | 'HORDE'; name: string };
}

/** A Battle.net account: what /userinfo says and the WoW accounts its profile holds. */
export interface FakeBattlenetAccount {
  id: number;
  battletag: string;
  /** One list per WoW account (a Battle.net account may hold several licences). */
  wowAccounts: FakeWowCharacter[][];
}

/** One request the fake received, for assertions. */
export interface FakeBattlenetRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
}

/** A character for the fake's profile, with the realm slug Blizzard would derive from the realm's name. */
export function wowCharacter(
  name: string,
  realm: string,
  more: { class?: string; race?: string; level?: number; faction?: 'ALLIANCE' | 'HORDE' } = {},
): FakeWowCharacter {
  const faction = more.faction ?? 'ALLIANCE';
  return {
    name,
    realm: { slug: realm.toLowerCase().replace(/'/g, '').replace(/\s+/g, '-'), name: realm },
    playable_class: { name: more.class ?? 'Paladin' },
    playable_race: { name: more.race ?? 'Human' },
    level: more.level ?? 80,
    faction: { type: faction, name: faction === 'ALLIANCE' ? 'Alliance' : 'Horde' },
  };
}

/** A guild member as the fake's Profile API knows it: the roster entry, the profile summary and the media. */
export interface FakeRosterCharacter {
  id: number;
  name: string;
  realm: { slug: string; name: string };
  rank: number;
  level: number;
  classId: number;
  className: string;
  raceId: number;
  raceName: string;
  spec: string;
  averageItemLevel: number;
  equippedItemLevel: number;
  /** False: the profile answers 404 (Blizzard hides characters not logged in for long). */
  hasProfile?: boolean;
}

/** A guild of the fake's Profile API, in one region. */
export interface FakeGuild {
  region: 'us' | 'eu' | 'kr' | 'tw';
  id: number;
  name: string;
  realm: { slug: string; name: string };
  members: FakeRosterCharacter[];
}

const CLASS_IDS: Record<string, number> = {
  Warrior: 1,
  Paladin: 2,
  Hunter: 3,
  Rogue: 4,
  Priest: 5,
  'Death Knight': 6,
  Shaman: 7,
  Mage: 8,
  Warlock: 9,
  Monk: 10,
  Druid: 11,
  'Demon Hunter': 12,
  Evoker: 13,
};

/** A roster character for the fake, Blizzard's ids filled in. */
export function rosterCharacter(
  id: number,
  name: string,
  realm: { slug: string; name: string },
  more: Partial<Omit<FakeRosterCharacter, 'id' | 'name' | 'realm'>> = {},
): FakeRosterCharacter {
  const className = more.className ?? 'Paladin';
  return {
    id,
    name,
    realm,
    rank: more.rank ?? 3,
    level: more.level ?? 80,
    classId: more.classId ?? CLASS_IDS[className] ?? 2,
    className,
    raceId: more.raceId ?? 1,
    raceName: more.raceName ?? 'Human',
    spec: more.spec ?? 'Retribution',
    averageItemLevel: more.averageItemLevel ?? 610,
    equippedItemLevel: more.equippedItemLevel ?? 608,
    hasProfile: more.hasProfile ?? true,
  };
}

/**
 * A loopback stand-in for Battle.net, speaking its wire format: OAuth2 authorize (auto-approving as `loginAs`,
 * redirecting back with code and state as Battle.net does after consent), token exchange with HTTP basic client
 * authentication, /userinfo, and the WoW account profile /profile/user/wow with its namespace check; and the Profile API
 * with a client-credentials token: a guild's roster (/data/wow/guild/{realm}/{guild}/roster), a character's profile
 * summary and its media, with Blizzard's 404 for what it does not know, 401 for a bad token and 429 with Retry-After.
 * Point BNET_OAUTH_BASE at `oauthBase` and BNET_API_BASE at `apiBase` (one host for every region, as the
 * namespace names the region).
 */
export class BattlenetFake {
  readonly clientId = 'fake-bnet-client';
  /** Changed by a test, the server's configured secret is a wrong one. */
  clientSecret = 'fake-bnet-secret';
  /** The account the authorize page approves as; null: the player declines. */
  loginAs: FakeBattlenetAccount | null = null;
  /** Answer the profile call with this status instead (a Blizzard outage). */
  profileFailureStatus: number | null = null;
  readonly requests: FakeBattlenetRequest[] = [];
  /** The guilds the Profile API knows. */
  readonly guilds: FakeGuild[] = [];
  /** The next this many Profile API calls answer 429 with Retry-After: retryAfterSeconds. */
  rateLimitNext = 0;
  retryAfterSeconds = 1;
  /** Every Profile API call answers this status (an outage), or waits this long first (a slow service). */
  apiFailureStatus: number | null = null;
  apiDelayMs = 0;
  /** The most Profile API calls that were in flight at once. */
  maxInFlight = 0;
  oauthBase = '';
  apiBase = '';

  private server: Server | null = null;
  private readonly codes = new Map<string, { account: FakeBattlenetAccount; redirectUri: string }>();
  private readonly accessTokens = new Map<string, FakeBattlenetAccount>();
  private readonly appTokens = new Set<string>();
  private inFlight = 0;

  /** Every client-credentials token issued so far stops working (as when one expires). */
  expireAppTokens(): void {
    this.appTokens.clear();
  }

  /** The Profile API calls made, without the token calls. */
  profileApiCalls(): FakeBattlenetRequest[] {
    return this.requests.filter(
      (request) => request.path.startsWith('/api/data/wow/') || request.path.startsWith('/api/profile/wow/'),
    );
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => send(res, 500, { error: String(error) }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.oauthBase = `http://127.0.0.1:${port}/oauth`;
    this.apiBase = `http://127.0.0.1:${port}/api`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    this.requests.push({ method: req.method ?? 'GET', path, query: url.searchParams, authorization: req.headers.authorization });
    if (req.method === 'GET' && path === '/oauth/authorize') return this.authorize(url, res);
    if (req.method === 'POST' && path === '/oauth/token') return this.token(req, await readForm(req), res);

    const auth = req.headers.authorization ?? '';
    if (path.startsWith('/api/data/wow/') || path.startsWith('/api/profile/wow/')) {
      this.inFlight++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      try {
        if (this.apiDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.apiDelayMs));
        return this.profileApi(auth, url, res);
      } finally {
        this.inFlight--;
      }
    }
    const account = auth.startsWith('Bearer ') ? this.accessTokens.get(auth.slice(7)) : undefined;
    if (!account) return send(res, 401, { error: 'invalid_token', error_description: 'Invalid access token' });
    if (req.method === 'GET' && path === '/oauth/userinfo') {
      return send(res, 200, { sub: String(account.id), id: account.id, battletag: account.battletag });
    }
    if (req.method === 'GET' && path === '/api/profile/user/wow') return this.profile(account, url, res);
    return send(res, 404, { code: 404, type: 'BLZWEBAPI00000404', detail: 'Not Found' });
  }

  private authorize(url: URL, res: ServerResponse): void {
    const redirectUri = url.searchParams.get('redirect_uri');
    const state = url.searchParams.get('state');
    if (url.searchParams.get('client_id') !== this.clientId || !redirectUri || url.searchParams.get('response_type') !== 'code') {
      send(res, 400, { error: 'invalid_request', error_description: 'Invalid client_id or redirect_uri' });
      return;
    }
    const target = new URL(redirectUri);
    if (!this.loginAs) {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The user denied the request');
    } else {
      const code = randomBytes(12).toString('hex');
      this.codes.set(code, { account: this.loginAs, redirectUri });
      target.searchParams.set('code', code);
    }
    if (state) target.searchParams.set('state', state);
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  private token(req: IncomingMessage, form: URLSearchParams, res: ServerResponse): void {
    const basic = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== basic) {
      send(res, 401, {
        error: 'unauthorized',
        error_description: 'An Authentication object was not found in the SecurityContext',
      });
      return;
    }
    if (form.get('grant_type') === 'client_credentials') {
      const accessToken = randomBytes(16).toString('hex');
      this.appTokens.add(accessToken);
      send(res, 200, { access_token: accessToken, token_type: 'bearer', expires_in: 86399, sub: this.clientId });
      return;
    }
    const grant = this.codes.get(form.get('code') ?? '');
    if (form.get('grant_type') !== 'authorization_code' || !grant || grant.redirectUri !== form.get('redirect_uri')) {
      send(res, 400, { error: 'invalid_grant', error_description: 'Invalid authorization code' });
      return;
    }
    this.codes.delete(form.get('code')!);
    const accessToken = randomBytes(16).toString('hex');
    this.accessTokens.set(accessToken, grant.account);
    send(res, 200, {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: 86399,
      scope: 'openid wow.profile',
      sub: String(grant.account.id),
      id_token: 'fake.id.token',
    });
  }

  /** The Profile API with a client-credentials (or a player's) token. */
  private profileApi(auth: string, url: URL, res: ServerResponse): void {
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (!this.appTokens.has(token) && !this.accessTokens.has(token)) {
      send(res, 401, { error: 'invalid_token', error_description: 'Invalid access token' });
      return;
    }
    if (this.rateLimitNext > 0) {
      this.rateLimitNext--;
      res.writeHead(429, { 'content-type': 'application/json;charset=UTF-8', 'retry-after': String(this.retryAfterSeconds) });
      res.end(JSON.stringify({ code: 429, type: 'BLZWEBAPI00000429', detail: 'Too Many Requests' }));
      return;
    }
    if (this.apiFailureStatus) {
      send(res, this.apiFailureStatus, { code: this.apiFailureStatus, type: 'BLZWEBAPI00000503', detail: 'Service Unavailable' });
      return;
    }
    const region = url.searchParams.get('namespace')?.match(/^profile-(us|eu|kr|tw)$/)?.[1];
    const answer = region ? this.profileAnswer(region, decodeURIComponent(url.pathname)) : NOT_FOUND;
    res.writeHead(answer.status, { 'content-type': 'application/json;charset=UTF-8', ...answer.headers });
    res.end(JSON.stringify(answer.body));
  }

  private profileAnswer(region: string, path: string): Reply {
    const roster = path.match(/^\/api\/data\/wow\/guild\/([^/]+)\/([^/]+)\/roster$/);
    if (roster) {
      const guild = this.guilds.find(
        (g) =>
          g.region === region &&
          g.realm.slug === roster[1] &&
          g.name.toLowerCase().replace(/'/g, '').replace(/\s+/g, '-') === roster[2],
      );
      return guild ? { status: 200, body: this.rosterOf(guild) } : NOT_FOUND;
    }
    const character = path.match(/^\/api\/profile\/wow\/character\/([^/]+)\/([^/]+)(\/character-media|\/equipment)?$/);
    if (!character) return NOT_FOUND;
    const found = this.guilds
      .filter((g) => g.region === region)
      .flatMap((g) => g.members.map((member) => ({ guild: g, member })))
      .find(({ member }) => member.realm.slug === character[1] && member.name.toLowerCase() === character[2]);
    if (!found || found.member.hasProfile === false) return NOT_FOUND;
    const { guild, member } = found;
    const self = `${this.apiBase}/profile/wow/character/${member.realm.slug}/${member.name.toLowerCase()}`;
    const summary = {
      key: { href: self },
      name: member.name,
      id: member.id,
      realm: { name: member.realm.name, id: 1, slug: member.realm.slug },
    };
    if (character[3] === '/character-media') {
      const asset = (key: string) => ({
        key,
        value: `https://render.worldofwarcraft.com/${region}/character/${member.realm.slug}/${member.id}-${key}.jpg`,
      });
      return {
        status: 200,
        body: {
          _links: { self: { href: `${self}/character-media` } },
          character: summary,
          assets: ['avatar', 'inset', 'main', 'main-raw'].map(asset),
        },
      };
    }
    if (character[3] === '/equipment') {
      return { status: 200, body: { character: summary, equipped_items: [] } };
    }
    return {
      status: 200,
      body: {
        _links: { self: { href: self } },
        id: member.id,
        name: member.name,
        gender: { type: 'FEMALE', name: 'Female' },
        faction: { type: 'ALLIANCE', name: 'Alliance' },
        race: { key: { href: '' }, name: member.raceName, id: member.raceId },
        character_class: { key: { href: '' }, name: member.className, id: member.classId },
        active_spec: { key: { href: '' }, name: member.spec, id: 70 },
        realm: { key: { href: '' }, name: member.realm.name, id: 1, slug: member.realm.slug },
        guild: { key: { href: '' }, name: guild.name, id: guild.id, realm: { name: guild.realm.name, slug: guild.realm.slug } },
        level: member.level,
        experience: 0,
        achievement_points: 12345,
        last_login_timestamp: 1_764_000_000_000,
        average_item_level: member.averageItemLevel,
        equipped_item_level: member.equippedItemLevel,
        media: { href: `${self}/character-media` },
        equipment: { href: `${self}/equipment` },
      },
    };
  }

  private rosterOf(guild: FakeGuild) {
    return {
      _links: { self: { href: `${this.apiBase}/data/wow/guild/${guild.realm.slug}/roster` } },
      guild: {
        key: { href: '' },
        name: guild.name,
        id: guild.id,
        realm: { key: { href: '' }, name: guild.realm.name, id: 1, slug: guild.realm.slug },
        faction: { type: 'ALLIANCE', name: 'Alliance' },
      },
      members: guild.members.map((member) => ({
        character: {
          key: { href: `${this.apiBase}/profile/wow/character/${member.realm.slug}/${member.name.toLowerCase()}` },
          name: member.name,
          id: member.id,
          realm: { key: { href: '' }, id: 1, slug: member.realm.slug },
          level: member.level,
          playable_class: { key: { href: '' }, id: member.classId },
          playable_race: { key: { href: '' }, id: member.raceId },
        },
        rank: member.rank,
      })),
    };
  }

  private profile(account: FakeBattlenetAccount, url: URL, res: ServerResponse): void {
    if (this.profileFailureStatus) {
      send(res, this.profileFailureStatus, {
        code: this.profileFailureStatus,
        type: 'BLZWEBAPI00000500',
        detail: 'Internal Error',
      });
      return;
    }
    if (!/^profile-(us|eu|kr|tw)$/.test(url.searchParams.get('namespace') ?? '')) {
      send(res, 404, { code: 404, type: 'BLZWEBAPI00000404', detail: 'Not Found' });
      return;
    }
    const base = `${this.apiBase}/profile/user/wow`;
    send(res, 200, {
      _links: { self: { href: `${base}?namespace=${url.searchParams.get('namespace')}` } },
      id: account.id,
      wow_accounts: account.wowAccounts.map((characters, index) => ({
        id: account.id * 10 + index,
        characters: characters.map((character, n) => ({
          character: { href: `${this.apiBase}/profile/wow/character/${character.realm.slug}/${character.name.toLowerCase()}` },
          protected_character: { href: `${base}/protected-character/${index}-${n}` },
          ...character,
          id: account.id * 1000 + index * 100 + n,
          gender: { type: 'FEMALE', name: 'Female' },
        })),
      })),
      collections: { href: `${base}/collections` },
    });
  }
}

type Reply = { status: number; body: unknown; headers?: Record<string, string> };

const NOT_FOUND: Reply = { status: 404, body: { code: 404, type: 'BLZWEBAPI00000404', detail: 'Not Found' } };

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
  res.end(JSON.stringify(body));
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
