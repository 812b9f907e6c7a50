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

/**
 * A loopback stand-in for Battle.net, speaking its wire format: OAuth2 authorize (auto-approving as `loginAs`,
 * redirecting back with code and state as Battle.net does after consent), token exchange with HTTP basic client
 * authentication, /userinfo, and the WoW account profile /profile/user/wow with its namespace check.
 * Point BNET_OAUTH_BASE at `oauthBase` and BNET_API_BASE at `apiBase`.
 */
export class BattlenetFake {
  readonly clientId = 'fake-bnet-client';
  readonly clientSecret = 'fake-bnet-secret';
  /** The account the authorize page approves as; null: the player declines. */
  loginAs: FakeBattlenetAccount | null = null;
  /** Answer the profile call with this status instead (a Blizzard outage). */
  profileFailureStatus: number | null = null;
  readonly requests: FakeBattlenetRequest[] = [];
  oauthBase = '';
  apiBase = '';

  private server: Server | null = null;
  private readonly codes = new Map<string, { account: FakeBattlenetAccount; redirectUri: string }>();
  private readonly accessTokens = new Map<string, FakeBattlenetAccount>();

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

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
  res.end(JSON.stringify(body));
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
