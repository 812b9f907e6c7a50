import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DiscordBotApiFake, readBody, send } from './discord-bot-api-fake';

/** A Discord user as the API returns it. */
export interface FakeDiscordUser {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
  email?: string | null;
  verified?: boolean;
}

/** A Discord user as the tests make them: a username, its display name capitalised ('raider' → 'Raider'), no avatar. */
export const fakeDiscordUser = (id: string, username: string): FakeDiscordUser => ({
  id,
  username,
  global_name: username.replace(/^./, (c) => c.toUpperCase()),
  avatar: null,
});

/** A guild as /users/@me/guilds returns it for a user (permissions is a decimal bit string). */
export interface FakeDiscordGuild {
  id: string;
  name: string;
  icon: string | null;
  owner: boolean;
  permissions: string;
}

/** A guild member as /guilds/{id}/members returns it. */
export interface FakeDiscordMember {
  user: FakeDiscordUser;
  nick: string | null;
  joined_at: string;
  roles: string[];
}

/**
 * A role as /guilds/{id}/roles returns it: permissions is a decimal bit string; the @everyone role's id is the
 * guild's id. The fake serves Discord's other role fields with their usual values.
 */
export interface FakeDiscordRole {
  id: string;
  name: string;
  color: number;
  position: number;
  permissions: string;
  managed: boolean;
}

/** One request the fake received, for assertions. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  /** When it arrived (ms since the epoch), to check that waits were honoured. */
  at: number;
}

/**
 * A loopback stand-in for the Discord endpoints Guildhall calls, speaking Discord's wire format:
 * OAuth2 authorize (auto-approving as `loginAs`) and token exchange, /users/@me, /users/@me/guilds
 * (for a user token and for the bot token), and paged /guilds/{id}/members with optional 429s (its own, or the bot
 * routes' forceRateLimits, global ones too), an empty rate-limit bucket, and failures from a given page on; GET /users/{id} with optional 429s; GET /guilds/{id}/roles
 * for the bot's guilds, optionally failing.
 * Point DISCORD_API_BASE at `baseUrl`.
 */
export class DiscordFake {
  readonly botToken = `bot-${randomBytes(8).toString('hex')}`;
  readonly clientId = '100000000000000001';
  readonly clientSecret = 'fake-client-secret';
  readonly bot: FakeDiscordUser = { id: '100000000000000002', username: 'guildhall-bot', global_name: 'Guildhall', avatar: null };
  /** The user the authorize page signs in as. */
  loginAs: FakeDiscordUser | null = null;
  /** Guilds each user belongs to, by user id. */
  readonly userGuilds = new Map<string, FakeDiscordGuild[]>();
  /** Guild ids the bot is in. */
  readonly botGuildIds = new Set<string>();
  /** Members of each guild, by guild id. */
  readonly members = new Map<string, FakeDiscordMember[]>();
  /** Answer the next N member-list calls with a 429 of this many seconds. */
  rateLimitNextMemberCalls = 0;
  rateLimitRetryAfter = 0.2;
  /** Answer the first call for this member page (1-based) with a 429, once. */
  rateLimitMemberPage: number | null = null;
  /** After this many member pages served, answer every further member-list call with memberFailureStatus. */
  failMemberPagesAfter: number | null = null;
  memberFailureStatus = 500;
  /** Report an empty rate-limit bucket (X-RateLimit-Remaining 0) on member pages, refilling after this many seconds. */
  memberBucketResetAfter: number | null = null;
  /** Member pages served so far. */
  memberPagesServed = 0;
  /** Answer the bot's own guild list with a 500 (an outage as seen by the bot token). */
  isBotGuildListDown = false;
  /** Users GET /users/{id} knows, by id (the bot and every guild member are known too). */
  readonly users = new Map<string, FakeDiscordUser & { discriminator?: string }>();
  /** Roles of each guild, by guild id (set @everyone too: Discord always lists it). */
  readonly roles = new Map<string, FakeDiscordRole[]>();
  /** Answer GET /guilds/{id}/roles with this status (a Discord outage) instead of the roles. */
  rolesFailureStatus: number | null = null;
  /** Answer the next N GET /users/{id} calls with a 429 of rateLimitRetryAfter seconds. */
  rateLimitNextUserCalls = 0;
  readonly requests: FakeRequest[] = [];
  /** Interactions signed with a test key pair, and the REST routes the bot sends on (discord-bot-api-fake.ts). */
  readonly botApi = new DiscordBotApiFake(
    () => this.botToken,
    this.clientId,
    (guildId) => this.members.get(guildId),
  );
  /** Channel webhooks that exist, by id: their token. Execute-webhook answers 401 Invalid Webhook Token otherwise. */
  readonly webhooks = new Map<string, string>();
  /** Messages posted through webhooks, with the webhook's id. */
  readonly webhookMessages: { webhookId: string; body: Record<string, unknown>; at: number }[] = [];
  /** Answer the next N execute-webhook calls with a 429 of rateLimitRetryAfter seconds, as Discord's JSON says it. */
  rateLimitNextWebhookCalls = 0;

  private server: Server | null = null;
  private readonly codes = new Map<string, { user: FakeDiscordUser; redirectUri: string }>();
  private readonly accessTokens = new Map<string, FakeDiscordUser>();
  baseUrl = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => send(res, 500, { message: String(error) }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}/api/v10`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The settings that point an app at this fake: OAuth2 sign-in and the bot token (once started). */
  appSettings(): Record<string, string> {
    return {
      DISCORD_CLIENT_ID: this.clientId,
      DISCORD_CLIENT_SECRET: this.clientSecret,
      DISCORD_BOT_TOKEN: this.botToken,
      DISCORD_API_BASE: this.baseUrl,
      DISCORD_PUBLIC_KEY: this.botApi.publicKey,
    };
  }

  /** Adds a guild the user is in, and optionally the bot too. */
  addGuild(user: FakeDiscordUser, guild: FakeDiscordGuild, { withBot }: { withBot: boolean }): void {
    this.userGuilds.set(user.id, [...(this.userGuilds.get(user.id) ?? []), guild]);
    if (withBot) this.botGuildIds.add(guild.id);
  }

  /** Makes a channel webhook and answers its execute URL (under baseUrl, as Discord gives it). */
  addWebhook(): string {
    const id = `3${Array.from({ length: 17 }, (_, index) => (index * 7) % 10).join('')}${this.webhooks.size}`;
    const token = randomBytes(24).toString('base64url');
    this.webhooks.set(id, token);
    return `${this.baseUrl}/webhooks/${id}/${token}`;
  }

  /** Execute Webhook: 404 Unknown Webhook, 401 Invalid Webhook Token, 429 as Discord sends it, else the message. */
  private async executeWebhook(id: string, token: string, url: URL, req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    const known = this.webhooks.get(id);
    if (!known) return send(res, 404, { message: 'Unknown Webhook', code: 10015 });
    if (known !== token) return send(res, 401, { message: 'Invalid Webhook Token', code: 50027 });
    if (this.rateLimitNextWebhookCalls > 0) {
      this.rateLimitNextWebhookCalls--;
      res.setHeader('retry-after', String(Math.ceil(this.rateLimitRetryAfter)));
      res.setHeader('x-ratelimit-scope', 'shared');
      return send(res, 429, { message: 'You are being rate limited.', retry_after: this.rateLimitRetryAfter, global: false });
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return send(res, 400, { message: 'The request body contains invalid JSON.', code: 50109 });
    }
    if (!Array.isArray(body.embeds) && typeof body.content !== 'string') {
      return send(res, 400, { message: 'Cannot send an empty message', code: 50006 });
    }
    this.webhookMessages.push({ webhookId: id, body, at: Date.now() });
    if (url.searchParams.get('wait') !== 'true') {
      res.writeHead(204).end();
      return;
    }
    return send(res, 200, { id: String(Date.now()), type: 0, channel_id: '400000000000000001', webhook_id: id, ...body });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    // @discordjs/rest sends @me percent-encoded (/users/%40me); Discord takes both.
    const path = url.pathname.replace(/^\/api(\/v\d+)?/, '').replaceAll('%40', '@');
    this.requests.push({
      method: req.method ?? 'GET',
      path,
      query: url.searchParams,
      authorization: req.headers.authorization,
      at: Date.now(),
    });
    const auth = req.headers.authorization ?? '';
    if (await this.botApi.handle(req, res, path)) return;

    if (req.method === 'GET' && path === '/oauth2/authorize') return this.authorize(url, res);
    const webhook = /^\/webhooks\/(\d+)\/([\w-]+)$/.exec(path);
    if (req.method === 'POST' && webhook) return this.executeWebhook(webhook[1]!, webhook[2]!, url, req, res);
    if (req.method === 'POST' && path === '/oauth2/token') return this.token(await readForm(req), res);

    const isBot = auth === `Bot ${this.botToken}`;
    const user = auth.startsWith('Bearer ') ? this.accessTokens.get(auth.slice(7)) : undefined;
    if (!isBot && !user) return send(res, 401, { message: '401: Unauthorized', code: 0 });

    if (req.method === 'GET' && path === '/users/@me') return send(res, 200, isBot ? this.bot : user);
    if (req.method === 'GET' && path === '/users/@me/guilds') {
      if (isBot && this.isBotGuildListDown) return send(res, 500, { message: '500: Internal Server Error', code: 0 });
      return this.guilds(isBot ? null : user!, url, res);
    }
    const userId = /^\/users\/(\d+)$/.exec(path)?.[1];
    if (req.method === 'GET' && userId && isBot) return this.user(userId, res);
    const members = /^\/guilds\/(\d+)\/members$/.exec(path);
    if (req.method === 'GET' && members && isBot) return this.listMembers(members[1]!, url, res);
    const roles = /^\/guilds\/(\d+)\/roles$/.exec(path);
    if (req.method === 'GET' && roles && isBot) return this.listRoles(roles[1]!, res);
    return send(res, 404, { message: '404: Not Found', code: 0 });
  }

  /** GET /users/{id}: Discord's user object (discriminator '0' on the new username system), or 404 Unknown User. */
  private user(userId: string, res: ServerResponse): void {
    if (this.rateLimitNextUserCalls > 0) {
      this.rateLimitNextUserCalls--;
      res.setHeader('retry-after', String(Math.ceil(this.rateLimitRetryAfter)));
      res.setHeader('x-ratelimit-scope', 'user');
      send(res, 429, { message: 'You are being rate limited.', retry_after: this.rateLimitRetryAfter, global: false });
      return;
    }
    const known =
      this.users.get(userId) ??
      (userId === this.bot.id ? this.bot : undefined) ??
      [...this.members.values()].flat().find((member) => member.user.id === userId)?.user;
    if (!known) {
      send(res, 404, { message: 'Unknown User', code: 10013 });
      return;
    }
    send(res, 200, {
      id: known.id,
      username: known.username,
      avatar: known.avatar,
      discriminator: 'discriminator' in known && known.discriminator ? known.discriminator : '0',
      public_flags: 0,
      flags: 0,
      banner: null,
      accent_color: null,
      global_name: known.global_name,
      avatar_decoration_data: null,
      banner_color: null,
    });
  }

  /** GET /guilds/{id}/roles: every role of a guild the bot is in, in Discord's role object format. */
  private listRoles(guildId: string, res: ServerResponse): void {
    if (this.rolesFailureStatus !== null) {
      send(res, this.rolesFailureStatus, { message: `${this.rolesFailureStatus}: Internal Server Error`, code: 0 });
      return;
    }
    if (!this.botGuildIds.has(guildId)) {
      send(res, 403, { message: 'Missing Access', code: 50001 });
      return;
    }
    send(
      res,
      200,
      (this.roles.get(guildId) ?? []).map((role) => ({
        id: role.id,
        name: role.name,
        description: null,
        color: role.color,
        colors: { primary_color: role.color, secondary_color: null, tertiary_color: null },
        hoist: false,
        icon: null,
        unicode_emoji: null,
        position: role.position,
        permissions: role.permissions,
        managed: role.managed,
        mentionable: false,
        flags: 0,
        ...(role.managed ? { tags: { bot_id: this.bot.id } } : {}),
      })),
    );
  }

  private authorize(url: URL, res: ServerResponse): void {
    const redirectUri = url.searchParams.get('redirect_uri');
    const state = url.searchParams.get('state');
    if (url.searchParams.get('client_id') !== this.clientId || !redirectUri) {
      send(res, 400, { message: 'Invalid OAuth2 redirect_uri or client_id' });
      return;
    }
    const target = new URL(redirectUri);
    if (!this.loginAs) {
      target.searchParams.set('error', 'access_denied');
    } else {
      const code = randomBytes(12).toString('hex');
      this.codes.set(code, { user: this.loginAs, redirectUri });
      target.searchParams.set('code', code);
    }
    if (state) target.searchParams.set('state', state);
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  private token(form: URLSearchParams, res: ServerResponse): void {
    const grant = this.codes.get(form.get('code') ?? '');
    const clientOk = form.get('client_id') === this.clientId && form.get('client_secret') === this.clientSecret;
    if (
      form.get('grant_type') !== 'authorization_code' ||
      !grant ||
      !clientOk ||
      grant.redirectUri !== form.get('redirect_uri')
    ) {
      send(res, 400, { error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
      return;
    }
    this.codes.delete(form.get('code')!);
    const accessToken = randomBytes(16).toString('hex');
    this.accessTokens.set(accessToken, grant.user);
    send(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 604800,
      refresh_token: randomBytes(16).toString('hex'),
      scope: 'identify email guilds',
    });
  }

  private guilds(user: FakeDiscordUser | null, url: URL, res: ServerResponse): void {
    const all = user
      ? (this.userGuilds.get(user.id) ?? [])
      : [...this.userGuilds.values()]
          .flat()
          .filter((g, i, list) => this.botGuildIds.has(g.id) && list.findIndex((x) => x.id === g.id) === i);
    send(
      res,
      200,
      page(all, url, (g) => g.id, 200),
    );
  }

  private listMembers(guildId: string, url: URL, res: ServerResponse): void {
    if (this.rateLimitMemberPage === this.memberPagesServed + 1) {
      this.rateLimitMemberPage = null;
      this.rateLimitNextMemberCalls++;
    }
    if (this.botApi.answerForcedRateLimit(res)) return;
    if (this.rateLimitNextMemberCalls > 0) {
      this.rateLimitNextMemberCalls--;
      res.setHeader('retry-after', String(Math.ceil(this.rateLimitRetryAfter)));
      res.setHeader('x-ratelimit-scope', 'user');
      send(res, 429, { message: 'You are being rate limited.', retry_after: this.rateLimitRetryAfter, global: false });
      return;
    }
    if (!this.botGuildIds.has(guildId)) {
      send(res, 403, { message: 'Missing Access', code: 50001 });
      return;
    }
    if (this.failMemberPagesAfter !== null && this.memberPagesServed >= this.failMemberPagesAfter) {
      const isForbidden = this.memberFailureStatus === 403;
      send(res, this.memberFailureStatus, {
        message: isForbidden ? 'Missing Access' : `${this.memberFailureStatus}: Internal Server Error`,
        code: isForbidden ? 50001 : 0,
      });
      return;
    }
    this.memberPagesServed++;
    const isBucketEmpty = this.memberBucketResetAfter !== null;
    res.setHeader('x-ratelimit-limit', '10');
    res.setHeader('x-ratelimit-remaining', isBucketEmpty ? '0' : '9');
    res.setHeader('x-ratelimit-reset-after', String(this.memberBucketResetAfter ?? 0.1));
    send(
      res,
      200,
      page(this.members.get(guildId) ?? [], url, (m) => m.user.id, 1000),
    );
  }
}

/** Discord's snowflake paging: ascending ids after `after`, at most `limit` (capped at max). */
function page<T>(items: T[], url: URL, idOf: (item: T) => string, max: number): T[] {
  const after = BigInt(url.searchParams.get('after') ?? '0');
  const limit = Math.min(Number(url.searchParams.get('limit') ?? max), max);
  return items
    .filter((item) => BigInt(idOf(item)) > after)
    .sort((a, b) => (BigInt(idOf(a)) < BigInt(idOf(b)) ? -1 : 1))
    .slice(0, limit);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(req));
}
