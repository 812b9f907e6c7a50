import { DiscordAPIError, HTTPError, RateLimitError, REST, RESTEvents } from '@discordjs/rest';
import {
  type APIMessage,
  type RESTPostAPIChannelMessageJSONBody,
  type RESTPutAPIApplicationCommandsJSONBody,
  Routes,
} from 'discord-api-types/v10';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { DiscordApiError } from './discord-api';

/** Discord's JSON error code for a direct message to a user who does not take them from the bot (closed DMs). */
export const CANNOT_MESSAGE_USER = 50007;

/** True when Discord refused with this JSON error code (DiscordAPIError.code). */
export const isDiscordError = (error: unknown, code: number): boolean => error instanceof DiscordAPIError && error.code === code;

/** Tries of one request that Discord answers with a 5xx or that times out: the first and the client's retries. */
export const DISCORD_REQUEST_ATTEMPTS = 4;

/**
 * The longest rate-limit pause a read waits out. A longer one (a 429's retry_after, or an empty bucket) means a global
 * or abuse limit: the read fails at once with 429 and when to try again, rather than holding its caller that long.
 */
const MAX_READ_RATE_LIMIT_WAIT_MS = 60_000;

/** A message as we send it: content, embeds and components in Discord's JSON. */
export type DiscordMessageBody = RESTPostAPIChannelMessageJSONBody;

/**
 * Everything Guildhall sends to Discord with the bot token, through one @discordjs/rest instance: it learns each
 * route's bucket from the X-RateLimit-* headers, keeps under the global limit, waits out a 429 for its retry_after and
 * sends the request again (a read fails instead of waiting more than a minute), and queues requests per bucket instead
 * of dropping them. A 5xx or a timeout is tried DISCORD_REQUEST_ATTEMPTS times in all. Any other refusal rejects with
 * DiscordAPIError (its code is Discord's JSON code, e.g. 50007 for closed DMs) and is not retried.
 */
export interface DiscordRest {
  /** False without DISCORD_BOT_TOKEN: only follow-ups to interactions (which need no token) can be sent. */
  readonly hasBotToken: boolean;
  /** PUT /applications/{id}/commands, or /applications/{id}/guilds/{guild}/commands: replaces the whole set. */
  putCommands(commands: RESTPutAPIApplicationCommandsJSONBody, discordGuildId?: string): Promise<unknown[]>;
  /** POST /channels/{id}/messages. */
  createMessage(channelId: string, body: DiscordMessageBody): Promise<APIMessage>;
  /** PATCH /channels/{id}/messages/{message}. */
  editMessage(channelId: string, messageId: string, body: DiscordMessageBody): Promise<APIMessage>;
  /** POST /users/@me/channels, then a message there: a direct message. */
  sendDirectMessage(discordUserId: string, body: DiscordMessageBody): Promise<APIMessage>;
  /** PATCH /webhooks/{application}/{token}/messages/@original: completes a deferred interaction (no bot token). */
  editOriginalResponse(applicationId: string, interactionToken: string, body: DiscordMessageBody): Promise<APIMessage>;
  /**
   * A GET with the bot token through the same buckets and queue (a user, a server's roles, the bot's guilds, a page of
   * a server's members). A refusal rejects with DiscordApiError and Discord's status (429 with retryAfterMs for a
   * rate-limit pause too long to wait out, 0 when Discord did not answer in time); `timeoutMs` bounds the wait, queue
   * and rate-limit pauses included, for a caller someone is waiting on; `signal` stops it at once (rejecting with the
   * signal's reason).
   */
  get<T>(route: `/${string}`, options?: DiscordGetOptions): Promise<T>;
  /** PUT or DELETE /guilds/{id}/members/{user}/roles/{role}, with the reason for Discord's audit log. */
  setMemberRole(discordGuildId: string, discordUserId: string, roleId: string, isHeld: boolean, reason: string): Promise<void>;
  close(): void;
}

/** How one GET is asked and bounded. */
export interface DiscordGetOptions {
  query?: URLSearchParams;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The GET's abort signal: the caller's, its timeout, or either. */
function signalOf(options: DiscordGetOptions): AbortSignal | undefined {
  const timeout = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
  if (options.signal && timeout) return AbortSignal.any([options.signal, timeout]);
  return options.signal ?? timeout;
}

/**
 * The request's outcome, or the signal's abort as soon as it comes: the client's waits (a 429's retry_after, an empty
 * bucket) do not listen to the signal, and a caller stopping (a job at shutdown) or out of time must not sit them out.
 * An abandoned request ends by itself: it runs on with the aborted signal, which fails it without calling Discord.
 */
function unlessAborted<T>(request: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
    request.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

/** A GET's failure as DiscordApiError with Discord's status; the caller's own abort and anything unknown as they are. */
function readFailure(error: unknown, route: string, options: DiscordGetOptions): unknown {
  if (error instanceof DiscordAPIError || error instanceof HTTPError) {
    return new DiscordApiError(error.status, `Discord answered ${error.status} for ${route}: ${error.message.slice(0, 200)}`);
  }
  if (error instanceof RateLimitError) {
    const seconds = Math.max(1, Math.round(error.retryAfter / 1000));
    return new DiscordApiError(429, `Discord is rate limiting ${route}; try again in ${seconds} s`, error.retryAfter);
  }
  if (options.signal?.aborted) return error;
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    const within = options.timeoutMs ? ` within ${options.timeoutMs} ms` : ' in time';
    return new DiscordApiError(0, `Discord did not answer ${route}${within}`);
  }
  return error;
}

/** The API root @discordjs/rest wants (without the version) and the version, from DISCORD_API_BASE (…/api/v10). */
function apiRootOf(apiBase: string): { api: string; version: string } {
  const match = /^(.*)\/v(\d+)$/.exec(apiBase);
  return match ? { api: match[1]!, version: match[2]! } : { api: apiBase, version: '10' };
}

/** The bot's REST client, with DISCORD_BOT_TOKEN when it is set. */
export function createDiscordRest(settings: Config['discord'], log: FastifyBaseLogger): DiscordRest {
  const rest = new REST({
    ...apiRootOf(settings.apiBase),
    timeout: 10_000,
    retries: DISCORD_REQUEST_ATTEMPTS - 1,
    rejectOnRateLimit: (limit) => limit.method.toUpperCase() === 'GET' && limit.retryAfter > MAX_READ_RATE_LIMIT_WAIT_MS,
  });
  if (settings.botToken) rest.setToken(settings.botToken);
  rest.on(RESTEvents.RateLimited, (limit) => {
    log.warn(
      { route: limit.route, bucket: limit.hash, global: limit.global, retryAfterMs: limit.retryAfter },
      'Discord rate limit reached: requests wait in its queue',
    );
  });
  return {
    hasBotToken: Boolean(settings.botToken),
    async putCommands(commands, discordGuildId) {
      const appId = settings.applicationId;
      if (!appId) throw new Error('DISCORD_APPLICATION_ID (or DISCORD_CLIENT_ID) is needed to register commands');
      const route = discordGuildId ? Routes.applicationGuildCommands(appId, discordGuildId) : Routes.applicationCommands(appId);
      return (await rest.put(route, { body: commands })) as unknown[];
    },
    async createMessage(channelId, body) {
      return (await rest.post(Routes.channelMessages(channelId), { body })) as APIMessage;
    },
    async editMessage(channelId, messageId, body) {
      return (await rest.patch(Routes.channelMessage(channelId, messageId), { body })) as APIMessage;
    },
    async sendDirectMessage(discordUserId, body) {
      const channel = (await rest.post(Routes.userChannels(), { body: { recipient_id: discordUserId } })) as { id: string };
      return (await rest.post(Routes.channelMessages(channel.id), { body })) as APIMessage;
    },
    async editOriginalResponse(applicationId, interactionToken, body) {
      return (await rest.patch(Routes.webhookMessage(applicationId, interactionToken, '@original'), {
        body,
        auth: false,
      })) as APIMessage;
    },
    async get<T>(route: `/${string}`, options: DiscordGetOptions = {}) {
      const signal = signalOf(options);
      const request = rest.get(route, { ...(options.query ? { query: options.query } : {}), ...(signal ? { signal } : {}) });
      try {
        return (await (signal ? unlessAborted(request, signal) : request)) as T;
      } catch (error) {
        throw readFailure(error, route, options);
      }
    },
    async setMemberRole(discordGuildId, discordUserId, roleId, isHeld, reason) {
      const route = Routes.guildMemberRole(discordGuildId, discordUserId, roleId);
      await (isHeld ? rest.put(route, { reason }) : rest.delete(route, { reason }));
    },
    close() {
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
    },
  };
}
