import { z } from 'zod';
import { endpoint } from './common';

const ok = z.literal(true);

/** Which raids a member's calendar feed holds: those starting from `pastDays` ago to `futureDays` ahead. */
export const RAID_FEED_WINDOW = { pastDays: 30, futureDays: 365 } as const;

/** The path of a member's feed, with its secret token: what a calendar app subscribes to. */
export const raidFeedPath = (token: string) => `/api/raid-feed/${token}.ics`;

/** What the calendar feed calls and screens say. */
export const RAID_FEED_MESSAGES = {
  created: 'Your calendar address is ready. Copy it now: it is shown only this once.',
  revoked: 'Your calendar address is revoked: calendars subscribed to it stop updating.',
  notFound: 'Calendar feed not found',
  calendarName: 'Guildhall raids',
} as const;

/** A member's feed as they see it: when its address was made and last read; never the address again. */
export const raidFeedState = z.object({
  createdAt: z.string(),
  lastReadAt: z.string().nullable().describe('When a calendar last fetched the feed; null: never'),
});
/** A member's feed. */
export type RaidFeedState = z.infer<typeof raidFeedState>;

/** The caller's iCalendar feed of raids (every guild they can see): its state, a new address, revoking it. */
export const raidFeedApi = {
  read: endpoint({
    method: 'GET',
    path: '/api/guild/raid-feed',
    summary: 'Whether the caller has a calendar feed address, and when it was made and last read (never the address)',
    response: z.object({ success: ok, feed: raidFeedState.nullable() }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/guild/raid-feed',
    summary: 'Make a new secret calendar feed address, replacing any earlier one; the address is shown only in this answer',
    response: z.object({ success: ok, message: z.string(), url: z.string(), feed: raidFeedState }),
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/api/guild/raid-feed',
    summary: "Revoke the caller's calendar feed address: it answers 404 from now on",
    response: z.object({ success: ok, message: z.string() }),
  }),
  feed: endpoint({
    method: 'GET',
    path: '/api/raid-feed/:token.ics',
    summary: `The raids of the member's guilds as RFC 5545 text/calendar, from ${RAID_FEED_WINDOW.pastDays} days ago to ${RAID_FEED_WINDOW.futureDays} days ahead; an unknown or revoked address is 404`,
    params: z.object({ token: z.string().max(100) }),
    response: z.unknown().describe('text/calendar'),
  }),
} as const;
