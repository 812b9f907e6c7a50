import type { KeyObject } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { EventBus } from '../../core/event-bus';
import type { Db } from '../../services/db/db';
import type { BotGuildDirectory } from '../../services/discord/bot-guilds';
import type { DiscordRest } from '../../services/discord/discord-rest';
import { interactionPublicKey } from '../../services/discord/interaction-signature';
import { type RaidsDeps, raidsDepsOf } from '../raids/raids-deps';

/** What the bot's operations need from the app: the database, the bus, Discord (key, REST client) and the raids. */
export interface DiscordBotDeps {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
  settings: Config['discord'];
  /** Where members reach the web app (links in what the bot says). */
  publicUrl: string;
  /** Null when DISCORD_PUBLIC_KEY is unset: the endpoint answers 503. */
  publicKey: KeyObject | null;
  /** Follow-ups always; posts, direct messages and roles only with a bot token (rest.hasBotToken). */
  rest: DiscordRest;
  botGuilds: BotGuildDirectory;
  raids: RaidsDeps;
}

/** The operations' dependencies, taken from the app. */
export const discordBotDepsOf = (app: FastifyInstance): DiscordBotDeps => ({
  db: app.services.db,
  bus: app.bus,
  log: app.log,
  settings: app.config.discord,
  publicUrl: app.config.publicUrl,
  publicKey: app.config.discord.publicKey ? interactionPublicKey(app.config.discord.publicKey) : null,
  rest: app.services.discordRest,
  botGuilds: app.services.botGuilds,
  raids: raidsDepsOf(app),
});
