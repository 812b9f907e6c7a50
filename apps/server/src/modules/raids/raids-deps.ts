import { findSetting, isKnownTimeZone } from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../core/event-bus';
import type { Db, Queryable } from '../../services/db/db';
import { selectStoredSettings } from '../guild-config/queries';

/** The guild settings raids use: the General time zone (the raids' server time) and the Raids default size. */
export interface RaidSettings {
  timeZone: string;
  defaultRaidSize: number;
}

/** What the raids module needs from the app: the database, the bus, and what it reads of the guild's settings. */
export interface RaidsDeps {
  db: Db;
  bus: EventBus;
  raidSettingsOf(db: Queryable, guildId: string): Promise<RaidSettings>;
}

const defaultOf = (category: string, key: string) => findSetting(category, key)?.default;

/** The guild's stored settings over the catalog's defaults (a zone Intl does not know falls back to the default). */
async function readRaidSettings(db: Queryable, guildId: string): Promise<RaidSettings> {
  // One after the other: inside a transaction the two share one connection.
  const general = await selectStoredSettings(db, guildId, 'general');
  const raids = await selectStoredSettings(db, guildId, 'raids');
  const zone = general.get('timezone')?.value;
  const size = raids.get('defaultRaidSize')?.value;
  return {
    timeZone: typeof zone === 'string' && isKnownTimeZone(zone) ? zone : String(defaultOf('general', 'timezone') ?? 'UTC'),
    defaultRaidSize: typeof size === 'number' ? size : Number(defaultOf('raids', 'defaultRaidSize') ?? 20),
  };
}

/** The operations' dependencies, taken from the app. */
export const raidsDepsOf = (app: FastifyInstance): RaidsDeps => ({
  db: app.services.db,
  bus: app.bus,
  raidSettingsOf: readRaidSettings,
});
