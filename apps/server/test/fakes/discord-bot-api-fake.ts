import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A message the bot posted, as the fake keeps it: Discord's fields and every edit's body. */
export interface FakeMessage {
  id: string;
  channel_id: string;
  content: string;
  embeds: Record<string, unknown>[];
  components: Record<string, unknown>[];
  /** The bodies of the PATCHes that edited it, in order. */
  edits: Record<string, unknown>[];
  /** When each edit arrived (Date.now()), in order. */
  editedAt: number[];
}

/** A follow-up that completed a deferred interaction (PATCH …/messages/@original), and when it came. */
export interface FakeFollowUp {
  token: string;
  body: Record<string, unknown>;
  at: number;
}

/** A rate-limit bucket as Discord keeps one per route and major parameter. */
interface Bucket {
  limit: number;
  remaining: number;
  resetAt: number;
}

/** A role the bot gave (PUT) or took (DELETE), as the fake recorded it. */
export interface FakeRoleChange {
  guildId: string;
  userId: string;
  roleId: string;
  method: 'PUT' | 'DELETE';
  reason: string | null;
  status: 204 | 403 | 404;
}

/** One answer the interactions endpoint gave to a delivered interaction. */
export interface DeliveredInteraction {
  status: number;
  body: Record<string, unknown> | null;
  text: string;
  ms: number;
}

const ROUTES: { method: string; pattern: RegExp; bucket: string }[] = [
  { method: 'PUT', pattern: /^\/applications\/(\d+)\/commands$/, bucket: 'commands' },
  { method: 'PUT', pattern: /^\/applications\/(\d+)\/guilds\/(\d+)\/commands$/, bucket: 'guild-commands' },
  { method: 'POST', pattern: /^\/channels\/(\d+)\/messages$/, bucket: 'messages' },
  { method: 'PATCH', pattern: /^\/channels\/(\d+)\/messages\/(\d+)$/, bucket: 'message-edit' },
  { method: 'POST', pattern: /^\/users\/@me\/channels$/, bucket: 'dm-channel' },
  { method: 'PUT', pattern: /^\/guilds\/(\d+)\/members\/(\d+)\/roles\/(\d+)$/, bucket: 'member-role' },
  { method: 'DELETE', pattern: /^\/guilds\/(\d+)\/members\/(\d+)\/roles\/(\d+)$/, bucket: 'member-role' },
];

/**
 * The part of the Discord fake that the bot's interactions and sends meet: it signs interactions with a test Ed25519
 * key pair (its public key goes in DISCORD_PUBLIC_KEY) and delivers them to the endpoint as Discord does, and serves
 * the REST routes the bot calls with Discord's rate-limit headers (X-RateLimit-Limit, -Remaining, -Reset,
 * -Reset-After, -Bucket), its 429 body ({ message, retry_after, global }), 403 Missing Permissions (50013) and
 * 50007 for a user whose direct messages are closed.
 */
export class DiscordBotApiFake {
  private readonly keys = generateKeyPairSync('ed25519');
  /** The public key as the Developer Portal shows it: 64 hex characters. */
  readonly publicKey = this.keys.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
  /** Registered command sets: 'global' or a Discord server id, each with the commands PUT last. */
  readonly commands = new Map<string, Record<string, unknown>[]>();
  readonly messages = new Map<string, FakeMessage>();
  readonly followUps: FakeFollowUp[] = [];
  /** Users whose direct messages are closed to the bot: Discord answers 50007 Cannot send messages to this user. */
  readonly closedDmUserIds = new Set<string>();
  /** Channels the bot may not post in: 403 Missing Permissions (50013). */
  readonly forbiddenChannelIds = new Set<string>();
  /**
   * Each request to give (PUT) or take (DELETE) a role, with the reason sent for Discord's audit log
   * (X-Audit-Log-Reason) and the status it got: 204, 403 for a role above the bot's, 404 for a member not in the server.
   */
  readonly roleChanges: FakeRoleChange[] = [];
  /** Roles the bot may not manage (above its own): 403 Missing Permissions. */
  readonly unmanageableRoleIds = new Set<string>();
  /** Limits per bucket name (see ROUTES): requests per window; default 50 a second. Set them with setLimit. */
  private readonly limits = new Map<string, { limit: number; resetAfterS: number }>();
  /** Requests answered 429: their bucket was empty, or forceRateLimits asked for it. */
  rateLimited = 0;
  /** The next N bot requests are answered 429 with this retry_after, per route or global (X-RateLimit-Global). */
  private forced = { count: 0, retryAfterS: 0, isGlobal: false };
  /** Interaction tokens the fake handed out: follow-ups to any other token are Unknown Webhook. */
  private readonly tokens = new Set<string>();
  private readonly buckets = new Map<string, Bucket>();
  private readonly dmChannels = new Map<string, string>();
  private nextId = 1n;

  constructor(
    private readonly botToken: () => string,
    readonly applicationId: string,
    /** The members of a server (DiscordFake's members): a role given or taken changes the member's own list. */
    private readonly membersOf: (guildId: string) => { user: { id: string }; roles: string[] }[] | undefined,
  ) {}

  /** Sets a route's limit (null: the default), starting its buckets afresh. */
  setLimit(bucket: string, limit: { limit: number; resetAfterS: number } | null): void {
    if (limit) this.limits.set(bucket, limit);
    else this.limits.delete(bucket);
    for (const key of this.buckets.keys()) if (key.startsWith(`${bucket}:`)) this.buckets.delete(key);
  }

  /** Answers the next `count` bot requests 429, as Discord does when a limit we did not see coming is hit. */
  forceRateLimits(count: number, retryAfterS: number, { isGlobal = false } = {}): void {
    this.forced = { count, retryAfterS, isGlobal };
  }

  /** A fresh snowflake-shaped id. */
  snowflake(): string {
    this.nextId += 1n;
    return (BigInt(Date.now() - 1420070400000) * 4194304n + this.nextId).toString();
  }

  /** A new interaction token, accepted by the follow-up webhook. */
  newToken(): string {
    const token = `aW50ZXJhY3Rpb246${randomBytes(24).toString('base64url')}`;
    this.tokens.add(token);
    return token;
  }

  /** The headers Discord sends: Ed25519 over the timestamp and the body, with this timestamp (seconds). */
  signatureHeaders(body: string, timestamp = String(Math.floor(Date.now() / 1000))): Record<string, string> {
    const signature = sign(null, Buffer.from(timestamp + body), this.keys.privateKey).toString('hex');
    return { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp };
  }

  /** POSTs an interaction to the endpoint as Discord does (signed unless headers are given), timing the answer. */
  async deliver(url: string, interaction: unknown, headers?: Record<string, string>): Promise<DeliveredInteraction> {
    const body = typeof interaction === 'string' ? interaction : JSON.stringify(interaction);
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', headers: headers ?? this.signatureHeaders(body), body });
    const text = await response.text();
    const ms = performance.now() - started;
    let parsed: Record<string, unknown> | null = null;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed, text, ms };
  }

  /** The messages the bot posted in a channel, oldest first. */
  channelMessages(channelId: string): FakeMessage[] {
    return [...this.messages.values()].filter((message) => message.channel_id === channelId);
  }

  /** The direct messages a user received. */
  directMessages(discordUserId: string): FakeMessage[] {
    const channel = this.dmChannels.get(discordUserId);
    return channel ? this.channelMessages(channel) : [];
  }

  /** Serves the request when it is one of the bot's routes or a follow-up; false to let the rest of the fake answer. */
  async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const method = req.method ?? 'GET';
    // Clients send @original percent-encoded, as @discordjs/rest does; Discord takes both.
    const followUp = /^\/webhooks\/(\d+)\/([^/]+)\/messages\/(?:@|%40)original$/.exec(path);
    if (method === 'PATCH' && followUp) {
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      if (followUp[1] !== this.applicationId || !this.tokens.has(followUp[2]!)) {
        send(res, 404, { message: 'Unknown Webhook', code: 10015 });
        return true;
      }
      this.followUps.push({ token: followUp[2]!, body, at: Date.now() });
      send(res, 200, { id: this.snowflake(), type: 20, channel_id: '0', ...body });
      return true;
    }
    const route = ROUTES.find((candidate) => candidate.method === method && candidate.pattern.test(path));
    if (!route) return false;
    const params = route.pattern.exec(path)!.slice(1);
    if (req.headers.authorization !== `Bot ${this.botToken()}`) {
      send(res, 401, { message: '401: Unauthorized', code: 0 });
      return true;
    }
    if (this.answerForcedRateLimit(res)) return true;
    if (!this.takeFromBucket(route.bucket, params[0] ?? '', res)) return true;
    const raw = await readBody(req);
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    this.serve(route.bucket, method, params, body, res, req.headers['x-audit-log-reason']);
    return true;
  }

  /**
   * Answers 429 when forceRateLimits asked for one (true: answered), with Discord's headers and body. Every bot route
   * meets it, the member list (DiscordFake) too.
   */
  answerForcedRateLimit(res: ServerResponse): boolean {
    if (this.forced.count <= 0) return false;
    this.forced.count--;
    this.rateLimited++;
    const { retryAfterS, isGlobal } = this.forced;
    res.setHeader('retry-after', String(Math.ceil(retryAfterS)));
    res.setHeader('x-ratelimit-scope', isGlobal ? 'global' : 'user');
    if (isGlobal) res.setHeader('x-ratelimit-global', 'true');
    send(res, 429, { message: 'You are being rate limited.', retry_after: retryAfterS, global: isGlobal });
    return true;
  }

  /** Spends one request of the route's bucket, setting Discord's headers; answers 429 when it is empty. */
  private takeFromBucket(name: string, majorId: string, res: ServerResponse): boolean {
    const { limit, resetAfterS } = this.limits.get(name) ?? { limit: 50, resetAfterS: 1 };
    const key = `${name}:${majorId}`;
    const now = Date.now();
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      bucket = { limit, remaining: limit, resetAt: now + resetAfterS * 1000 };
      this.buckets.set(key, bucket);
    }
    const resetAfter = Math.max(0, (bucket.resetAt - now) / 1000);
    res.setHeader('x-ratelimit-limit', String(bucket.limit));
    res.setHeader('x-ratelimit-reset', String(bucket.resetAt / 1000));
    res.setHeader('x-ratelimit-reset-after', resetAfter.toFixed(3));
    res.setHeader('x-ratelimit-bucket', Buffer.from(name).toString('hex'));
    if (bucket.remaining <= 0) {
      this.rateLimited++;
      res.setHeader('x-ratelimit-remaining', '0');
      res.setHeader('x-ratelimit-scope', 'user');
      res.setHeader('retry-after', String(Math.ceil(resetAfter)));
      send(res, 429, { message: 'You are being rate limited.', retry_after: Number(resetAfter.toFixed(3)), global: false });
      return false;
    }
    bucket.remaining--;
    res.setHeader('x-ratelimit-remaining', String(bucket.remaining));
    return true;
  }

  private serve(
    name: string,
    method: string,
    params: string[],
    body: Record<string, unknown>,
    res: ServerResponse,
    auditReason: string | string[] | undefined,
  ) {
    if (name === 'commands' || name === 'guild-commands') {
      const commands = (body as unknown as Record<string, unknown>[]).map((command) => ({
        id: this.snowflake(),
        application_id: params[0],
        version: this.snowflake(),
        ...command,
      }));
      this.commands.set(name === 'commands' ? 'global' : params[1]!, commands);
      return send(res, 200, commands);
    }
    if (name === 'dm-channel') {
      const userId = String(body.recipient_id);
      const channelId = this.dmChannels.get(userId) ?? this.snowflake();
      this.dmChannels.set(userId, channelId);
      return send(res, 200, { id: channelId, type: 1, recipients: [{ id: userId }] });
    }
    if (name === 'messages') return this.postMessage(params[0]!, body, res);
    if (name === 'message-edit') {
      const message = this.messages.get(params[1]!);
      if (!message || message.channel_id !== params[0]) return send(res, 404, { message: 'Unknown Message', code: 10008 });
      Object.assign(message, pick(body));
      message.edits.push(body);
      message.editedAt.push(Date.now());
      return send(res, 200, { ...message, edits: undefined, editedAt: undefined });
    }
    const [guildId, userId, roleId] = params as [string, string, string];
    const reason = typeof auditReason === 'string' ? decodeURIComponent(auditReason) : null;
    const member = this.membersOf(guildId)?.find((candidate) => candidate.user.id === userId);
    const status = this.unmanageableRoleIds.has(roleId) ? 403 : member ? 204 : 404;
    this.roleChanges.push({ guildId, userId, roleId, method: method as 'PUT' | 'DELETE', reason, status });
    if (status === 403) return send(res, 403, { message: 'Missing Permissions', code: 50013 });
    if (!member) return send(res, 404, { message: 'Unknown Member', code: 10007 });
    const others = member.roles.filter((held) => held !== roleId);
    member.roles = method === 'PUT' ? [...others, roleId] : others;
    res.writeHead(204).end();
  }

  private postMessage(channelId: string, body: Record<string, unknown>, res: ServerResponse) {
    const dmUser = [...this.dmChannels.entries()].find(([, channel]) => channel === channelId)?.[0];
    if (dmUser && this.closedDmUserIds.has(dmUser)) {
      return send(res, 403, { message: 'Cannot send messages to this user', code: 50007 });
    }
    if (this.forbiddenChannelIds.has(channelId)) return send(res, 403, { message: 'Missing Permissions', code: 50013 });
    if (typeof body.content !== 'string' && !Array.isArray(body.embeds)) {
      return send(res, 400, { message: 'Cannot send an empty message', code: 50006 });
    }
    const message: FakeMessage = {
      id: this.snowflake(),
      channel_id: channelId,
      content: '',
      embeds: [],
      components: [],
      edits: [],
      editedAt: [],
    };
    Object.assign(message, pick(body));
    this.messages.set(message.id, message);
    send(res, 200, { ...message, type: 0, edits: undefined, editedAt: undefined });
  }
}

/** The message fields a POST or PATCH sets. */
function pick(body: Record<string, unknown>): Partial<FakeMessage> {
  const fields: Partial<FakeMessage> = {};
  if (typeof body.content === 'string') fields.content = body.content;
  if (Array.isArray(body.embeds)) fields.embeds = body.embeds as Record<string, unknown>[];
  if (Array.isArray(body.components)) fields.components = body.components as Record<string, unknown>[];
  return fields;
}

/** Answers with a JSON body, as Discord does. */
export function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The request's body as text. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
