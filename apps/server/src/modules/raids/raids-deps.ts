import { findSetting, isKnownTimeZone } from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../core/event-bus';
import type { Db, Queryable } from '../../services/db/db';
import type { JobQueue } from '../../services/job-queue';
import type { Mailer } from '../../services/mail';
import { selectStoredSettings } from '../guild-config/queries';

/** The guild settings raids use: the General time zone (the raids' server time), the Raids default size and reminders. */
export interface RaidSettings {
  timeZone: string;
  defaultRaidSize: number;
  /** Before sign-ups close, when members who have not answered are reminded ('24h', '1h'). */
  reminderTimes: string[];
}

/** What the raids module needs from the app: the database, the bus, and what it reads of the guild's settings. */
export interface RaidsDeps {
  db: Db;
  bus: EventBus;
  raidSettingsOf(db: Queryable, guildId: string): Promise<RaidSettings>;
  /** Reminders go out as jobs, by the mail service, with a link to the raid on the public address. */
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
}

const defaultOf = (category: string, key: string) => findSetting(category, key)?.default;

/** The guild's stored settings over the catalog's defaults (a zone Intl does not know falls back to the default). */
async function readRaidSettings(db: Queryable, guildId: string): Promise<RaidSettings> {
  // One after the other: inside a transaction the two share one connection.
  const general = await selectStoredSettings(db, guildId, 'general');
  const raids = await selectStoredSettings(db, guildId, 'raids');
  const zone = general.get('timezone')?.value;
  const size = raids.get('defaultRaidSize')?.value;
  const reminders = raids.get('reminderTimes')?.value;
  return {
    timeZone: typeof zone === 'string' && isKnownTimeZone(zone) ? zone : String(defaultOf('general', 'timezone') ?? 'UTC'),
    defaultRaidSize: typeof size === 'number' ? size : Number(defaultOf('raids', 'defaultRaidSize') ?? 20),
    reminderTimes: (Array.isArray(reminders)
      ? reminders
      : ((defaultOf('raids', 'reminderTimes') as string[] | undefined) ?? [])
    ).map(String),
  };
}

const depsOfApp = new WeakMap<FastifyInstance, RaidsDeps>();

/** The operations' dependencies, taken from the app once (the reminder job kind is known by its deps' one object). */
export function raidsDepsOf(app: FastifyInstance): RaidsDeps {
  const known = depsOfApp.get(app);
  if (known) return known;
  const deps: RaidsDeps = {
    db: app.services.db,
    bus: app.bus,
    raidSettingsOf: readRaidSettings,
    jobs: app.jobs,
    mailer: app.community.mailer,
    publicUrl: app.community.settings.publicUrl,
  };
  depsOfApp.set(app, deps);
  return deps;
}
