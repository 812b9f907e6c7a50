import { findSetting, type RaidDetail } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { selectStoredSettings } from '../guild-config/queries';
import type { RaidMember } from '../raids/raid-member';
import { readRaid } from '../raids/read-raid';
import type { DiscordBotDeps } from './discord-bot-deps';

/** Nobody in particular: posts are read as no member, so they carry no one's own answer. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/** The guild a post is read in, as the raids module's reads want a member. */
export const postReader = (guildId: string, discordGuildId: string): RaidMember => ({
  guildId,
  discordGuildId,
  userId: NOBODY,
  requester: { actor: { type: 'system' }, ip: 'discord-bot' },
});

/** A raid with its answers, read for its post. */
export async function raidForPost(deps: DiscordBotDeps, reader: RaidMember, raidId: string): Promise<RaidDetail> {
  return (await readRaid(deps.raids, reader, raidId)).raid;
}

/** Where the guild's raids are posted: the Notifications "Raid created" channel, or null when none is set. */
export async function raidChannelOf(db: Queryable, guildId: string): Promise<string | null> {
  const channel = (await selectStoredSettings(db, guildId, 'notifications')).get('raidCreated')?.value;
  return typeof channel === 'string' && channel !== '' ? channel : null;
}

/**
 * How many days ahead raids are posted: the Raids "Sign-up window" (a series' later raids wait their turn); the
 * catalog's default for a null guild.
 */
export async function signupWindowDaysOf(db: Queryable, guildId: string | null): Promise<number> {
  const days = guildId ? (await selectStoredSettings(db, guildId, 'raids')).get('signupWindowDays')?.value : undefined;
  return typeof days === 'number' ? days : Number(findSetting('raids', 'signupWindowDays')?.default ?? 14);
}
