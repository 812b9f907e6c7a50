import type { FastifyInstance } from 'fastify';
import type { Db } from '../../services/db/db';
import type { DiscordBotClient } from '../../services/discord/discord-client';
import type { DiscordRest } from '../../services/discord/discord-rest';
import type { JobQueue } from '../../services/job-queue';

/** What role sync needs from the app: the database, Discord (roles read and given with the bot token), the jobs. */
export interface RoleSyncDeps {
  db: Db;
  rest: DiscordRest;
  /** Null without DISCORD_BOT_TOKEN: role sync cannot read or give roles. */
  discord: DiscordBotClient | null;
  jobs: JobQueue;
}

/** The operations' dependencies, taken from the app. */
export const roleSyncDepsOf = (app: FastifyInstance): RoleSyncDeps => ({
  db: app.services.db,
  rest: app.services.discordRest,
  discord: app.services.discord,
  jobs: app.jobs,
});
