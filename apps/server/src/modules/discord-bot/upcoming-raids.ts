import { RAID_LIMITS, type RaidSummary } from '@guildhall/contract';
import { listCalendar } from '../raids/list-calendar';
import type { RaidMember } from '../raids/raid-member';
import type { DiscordBotDeps } from './discord-bot-deps';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The guild's raids still to start and not cancelled, soonest first, with the guild's time zone. */
export async function upcomingRaids(
  deps: DiscordBotDeps,
  member: RaidMember,
): Promise<{ timeZone: string; raids: RaidSummary[] }> {
  const now = Date.now();
  const { timeZone, raids } = await listCalendar(deps.raids, member, {
    from: new Date(now).toISOString(),
    to: new Date(now + RAID_LIMITS.maxRangeDays * DAY_MS).toISOString(),
  });
  return { timeZone, raids: raids.filter((raid) => !raid.cancelledAt && Date.parse(raid.startsAt) > now) };
}

/** A raid's start as plain text in the guild's zone ("Wed 21 Oct, 20:00"), where Discord's <t:…> is not rendered. */
export function raidStartText(raid: RaidSummary, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(raid.startsAt));
}
