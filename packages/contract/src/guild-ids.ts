import { z } from 'zod';

/**
 * A guild is named by two ids that must never be mixed up: the tenant's uuid (the `guilds` row: the admin
 * console, grants, jobs) and the Discord server's snowflake (X-Guild-ID, `/auth`, the bot). Every contract
 * field that names a guild takes one of the two schemas below; a value of the other kind is refused with
 * a message that says which id was expected.
 */

/** The messages a guild id of the wrong kind is refused with. */
export const GUILD_ID_MESSAGES = {
  tenantId: 'Use a guild id (a UUID), not a Discord server id',
  discordGuildId: 'Use a Discord server id (17 to 20 digits), not a guild id',
} as const;

/** A Discord snowflake as a guild id: 17 to 20 digits. */
export const DISCORD_GUILD_ID_PATTERN = /^\d{17,20}$/;

/** A guild tenant's uuid, refused with `message` when it is not one (a call's own wording, where it has one). */
export const tenantIdWith = (message: string) => z.uuid(message);

/** A Discord server id, refused with `message` when it is not one. */
export const discordGuildIdWith = (message: string) => z.string().regex(DISCORD_GUILD_ID_PATTERN, message);

/** A guild tenant's id: the uuid of its `guilds` row. */
export const tenantId = tenantIdWith(GUILD_ID_MESSAGES.tenantId);

/** A Discord server's id (a snowflake), as X-Guild-ID, `/auth` and the bot name a guild. */
export const discordGuildId = discordGuildIdWith(GUILD_ID_MESSAGES.discordGuildId);
