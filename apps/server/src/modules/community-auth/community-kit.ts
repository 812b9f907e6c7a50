import type { FastifyBaseLogger } from 'fastify';
import type { SigningKeys } from '../../auth/signing-keys';
import type { Config } from '../../config';
import type { BotGuildDirectory } from '../../services/discord/bot-guilds';
import { createDiscordOAuth, type DiscordOAuth } from '../../services/discord/discord-oauth';
import { createMailer, type Mailer } from '../../services/mail';
import type { Services } from '../../services/services';
import type { SystemSettings } from '../../services/system-settings';
import { type AfterReply, createAfterReply } from './after-reply';

/** What community sign-in needs beside the database: keys, Discord, mail, background work, the settings. */
export interface CommunityKit {
  /** The app's signing keys (app.signingKeys, which authentication reads too). */
  signingKeys: () => Promise<SigningKeys>;
  /** Null without DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET. */
  discord: DiscordOAuth | null;
  /** The services' directory, the one the guild guard reads too. */
  botGuilds: BotGuildDirectory;
  mailer: Mailer;
  afterReply: AfterReply;
  /** Registration open, verification required, the sign-up limit: read per request (issue 15). */
  systemSettings: SystemSettings;
  settings: {
    publicUrl: string;
    rateLimits: Config['communityAuth']['rateLimits'];
    discordClientId: string | null;
    discordApiBase: string;
  };
}

/** Builds the kit from the configuration and the connected services. */
export function createCommunityKit(
  config: Config,
  services: Services,
  log: FastifyBaseLogger,
  systemSettings: SystemSettings,
  signingKeys: () => Promise<SigningKeys>,
): CommunityKit {
  return {
    signingKeys,
    discord: createDiscordOAuth(config.discord),
    botGuilds: services.botGuilds,
    mailer: createMailer(config.mail, services.db, log),
    afterReply: createAfterReply(log),
    systemSettings,
    settings: {
      publicUrl: config.publicUrl.replace(/\/+$/, ''),
      rateLimits: config.communityAuth.rateLimits,
      discordClientId: config.discord.clientId,
      discordApiBase: config.discord.apiBase,
    },
  };
}
