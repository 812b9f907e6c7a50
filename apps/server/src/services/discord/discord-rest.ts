import { DiscordAPIError, HTTPError, REST, RESTEvents } from '@discordjs/rest';
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

/** A message as we send it: content, embeds and components in Discord's JSON. */
export type DiscordMessageBody = RESTPostAPIChannelMessageJSONBody;

/**
 * Everything Guildhall sends to Discord with the bot token, through one @discordjs/rest instance: it learns each
 * route's bucket from the X-RateLimit-* headers, keeps under the global limit, waits out a 429 for its retry_after and
 * sends the request again, and queues requests per bucket instead of dropping them. Any other refusal rejects with
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
   * A GET with the bot token through the same buckets and queue (a user, a server's roles, the bot's guilds). A
   * refusal rejects with DiscordApiError and Discord's status; `timeoutMs` bounds the wait, queue and 429s included,
   * for a caller someone is waiting on.
   */
  get<T>(route: `/${string}`, options?: { query?: URLSearchParams; timeoutMs?: number }): Promise<T>;
  /** PUT or DELETE /guilds/{id}/members/{user}/roles/{role}, with the reason for Discord's audit log. */
  setMemberRole(discordGuildId: string, discordUserId: string, roleId: string, isHeld: boolean, reason: string): Promise<void>;
  close(): void;
}

/** The API root @discordjs/rest wants (without the version) and the version, from DISCORD_API_BASE (…/api/v10). */
function apiRootOf(apiBase: string): { api: string; version: string } {
  const match = /^(.*)\/v(\d+)$/.exec(apiBase);
  return match ? { api: match[1]!, version: match[2]! } : { api: apiBase, version: '10' };
}

/** The bot's REST client, with DISCORD_BOT_TOKEN when it is set. */
export function createDiscordRest(settings: Config['discord'], log: FastifyBaseLogger): DiscordRest {
  const rest = new REST({ ...apiRootOf(settings.apiBase), timeout: 10_000 });
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
    async get<T>(route: `/${string}`, options: { query?: URLSearchParams; timeoutMs?: number } = {}) {
      try {
        return (await rest.get(route, {
          ...(options.query ? { query: options.query } : {}),
          ...(options.timeoutMs ? { signal: AbortSignal.timeout(options.timeoutMs) } : {}),
        })) as T;
      } catch (error) {
        if (error instanceof DiscordAPIError || error instanceof HTTPError) {
          throw new DiscordApiError(
            error.status,
            `Discord answered ${error.status} for ${route}: ${error.message.slice(0, 200)}`,
          );
        }
        if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
          throw new DiscordApiError(0, `Discord did not answer ${route} within ${options.timeoutMs} ms`);
        }
        throw error;
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
