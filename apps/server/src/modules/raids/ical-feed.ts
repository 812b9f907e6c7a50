import {
  COMMUNITY_PATHS,
  hasGuildPermission,
  RAID_AVAILABILITY_MESSAGES,
  RAID_FEED_MESSAGES,
  RAID_FEED_WINDOW,
  RAID_ROLE_LABELS,
  type RaidSummary,
  SIGNUP_STATUS_LABELS,
} from '@guildhall/contract';
import ical, { ICalEventStatus } from 'ical-generator';
import { availableGuildOf, type GuildGuardDeps } from '../../auth/guild-access';
import { AppError } from '../../core/app-error';
import { hashFeedToken } from './calendar-feed';
import { DEFAULT_DURATION_MINUTES } from './create-raid';
import { findFeedUser, selectFeedRaids, selectUserGuildIds } from './feed-queries';
import { minutesAfter } from './plan-raid';
import { presentRaid } from './presenters';

// A member's raids as RFC 5545 text (ical-generator writes it): what their phone's calendar subscribes to.

/** What the feed reads: the guild guard's view of the member's guilds, and the public address for links. */
export interface FeedDeps extends GuildGuardDeps {
  publicUrl: string;
}

const DAY_MS = 864e5;

/** The member's answer as the event's description says it. */
function answerLine(raid: RaidSummary): string {
  const answer = raid.myAnswer;
  if (!answer) return 'Your answer: not answered yet.';
  const late = answer.status === 'late' && answer.lateMinutes ? ` (${answer.lateMinutes} min)` : '';
  const as = [answer.character?.name, answer.spec, answer.role ? RAID_ROLE_LABELS[answer.role] : null].filter(Boolean);
  const by = answer.byAvailability ? ` (${RAID_AVAILABILITY_MESSAGES.answeredByAvailability})` : '';
  return `Your answer: ${SIGNUP_STATUS_LABELS[answer.status]}${late}${as.length > 0 ? `, as ${as.join(' · ')}` : ''}${by}.`;
}

/** The event text of a raid: cancelled with its reason, the guild, the leader, the member's answer, the link. */
function descriptionOf(raid: RaidSummary, guildName: string, link: string): string {
  return [
    raid.cancelledAt ? `Cancelled: ${raid.cancelReason ?? ''}` : null,
    `${guildName}: ${raid.name}`,
    raid.leader ? `Led by ${raid.leader.name}` : null,
    answerLine(raid),
    raid.notes || null,
    `Open the raid: ${link}`,
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
}

/**
 * The calendar of the feed whose token this is: the raids, from RAID_FEED_WINDOW.pastDays ago to futureDays ahead, of
 * every guild of the member where they hold guild.view now (a guild they left drops out). An unknown or revoked token is
 * 404 with one message either way. Each raid is one event whose UID is its id, times in UTC, SEQUENCE its version.
 */
export async function renderMemberFeed(deps: FeedDeps, token: string, now = new Date()): Promise<string> {
  const userId = await findFeedUser(deps.db, hashFeedToken(token));
  if (!userId) throw AppError.notFound(RAID_FEED_MESSAGES.notFound);
  const guildNames = new Map<string, string>();
  for (const discordGuildId of await selectUserGuildIds(deps.db, userId)) {
    const guild = await availableGuildOf(deps, userId, discordGuildId);
    if (guild?.tenantId && hasGuildPermission(guild.permissions, 'guild.view')) guildNames.set(guild.tenantId, guild.name);
  }
  const range = {
    from: new Date(now.getTime() - RAID_FEED_WINDOW.pastDays * DAY_MS),
    to: new Date(now.getTime() + RAID_FEED_WINDOW.futureDays * DAY_MS),
  };
  const rows = guildNames.size > 0 ? await selectFeedRaids(deps.db, [...guildNames.keys()], userId, range) : [];
  const calendar = ical({
    name: RAID_FEED_MESSAGES.calendarName,
    prodId: { company: 'Guildhall', product: 'Raids', language: 'EN' },
    ttl: 60 * 60,
  });
  for (const row of rows) {
    const raid = presentRaid(row);
    const start = new Date(raid.startsAt);
    const link = `${deps.publicUrl}${COMMUNITY_PATHS.raids}/${raid.id}`;
    calendar.createEvent({
      id: `${raid.id}@guildhall`,
      start,
      end: raid.endsAt ? new Date(raid.endsAt) : minutesAfter(start, DEFAULT_DURATION_MINUTES),
      stamp: now,
      summary: `${raid.name} (${raid.instance} ${raid.difficulty})`,
      description: descriptionOf(raid, guildNames.get(row.guild_id) ?? '', link),
      url: link,
      sequence: raid.version,
      status: raid.cancelledAt ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
