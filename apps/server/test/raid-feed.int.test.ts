import { addDays, RAID_FEED_MESSAGES, type RaidSummary, weekdayOf, zonedTimeToUtc } from '@guildhall/contract';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { inDays, planRaid, type RaidGuild, startRaidGuild } from './helpers/raid-guild';

let guild: RaidGuild;
let inA: { headers: Record<string, string> };

beforeAll(async () => {
  guild = await startRaidGuild('68');
  inA = { headers: { 'X-Guild-ID': guild.discordGuildA } };
});

afterAll(async () => {
  await guild?.stop();
});

interface FeedEvent {
  uid: string;
  start: string;
  end: string;
  summary: string;
  description: string;
  status: string;
  url: string;
}

/** The feed at a secret address, fetched as a calendar app does (no session), and its events read back with ical.js. */
async function fetchFeed(url: string): Promise<{ status: number; type: string | null; text: string; events: FeedEvent[] }> {
  const answer = await fetch(`${guild.server.url}${new URL(url).pathname}`);
  const text = await answer.text();
  if (answer.status !== 200) return { status: answer.status, type: answer.headers.get('content-type'), text, events: [] };
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      description: event.description,
      status: String(vevent.getFirstPropertyValue('status')),
      url: String(vevent.getFirstPropertyValue('url')),
    };
  });
  return { status: answer.status, type: answer.headers.get('content-type'), text, events };
}

/** An instant `days` from now on a whole minute, as planners give starts (iCalendar keeps whole seconds). */
const onMinute = (days: number) => new Date(Math.floor(Date.parse(inDays(days)) / 60_000) * 60_000).toISOString();

async function makeAddress(client: HttpClient): Promise<string> {
  const made = await client.post<{ url: string; message: string }>('/api/guild/raid-feed', undefined, inA);
  expect(made.status, made.text).toBe(200);
  expect(made.body.message).toBe(RAID_FEED_MESSAGES.created);
  return made.body.url;
}

/** The first date at least `from` days ahead whose 20:00 in the zone is at another UTC hour than the week before. */
function nextChangeSunday(timeZone: string, from: number): string {
  const today = new Date().toISOString().slice(0, 10);
  for (let date = addDays(today, from); ; date = addDays(date, 1)) {
    if (weekdayOf(date) !== 0) continue;
    const hourOf = (day: string) => zonedTimeToUtc(day, '20:00', timeZone).getUTCHours();
    if (hourOf(date) !== hourOf(addDays(date, -7))) return date;
  }
}

describe("a member's calendar feed", () => {
  it('serves the raids of their guild with their answer, cancellations and a link, read back as iCalendar', async () => {
    const { clients, characters } = guild;
    const raid = await planRaid(clients.officer, inA.headers, {
      name: 'Feed night',
      instance: 'Manaforge Omega',
      difficulty: 'Heroic',
      startsAt: onMinute(3),
    });
    const answered = await clients.raider.request('PUT', `/api/guild/raids/${raid.id}/signup`, {
      ...inA,
      body: { status: 'late', lateMinutes: 15, characterId: characters.raider, comment: '' },
    });
    expect(answered.status, answered.text).toBe(200);
    const dropped = await planRaid(clients.officer, inA.headers, {
      name: 'Dropped night',
      instance: 'Undermine',
      difficulty: 'Mythic',
      startsAt: inDays(5),
    });
    const cancel = await clients.officer.post(
      `/api/guild/raids/${dropped.id}/cancel`,
      { version: 1, reason: 'Server maintenance' },
      inA,
    );
    expect(cancel.status, cancel.text).toBe(200);
    // Too far ahead for the window: not in the feed.
    const later = await planRaid(clients.officer, inA.headers, {
      name: 'Next year',
      instance: 'Undermine',
      difficulty: 'Normal',
      startsAt: inDays(400),
    });
    // Another guild's raid: not the raider's to see.
    const foreign = await planRaid(
      clients.outsider,
      { 'X-Guild-ID': guild.discordGuildB },
      {
        name: 'Other guild night',
        instance: 'Undermine',
        difficulty: 'Normal',
        startsAt: inDays(4),
      },
    );

    expect((await clients.raider.get('/api/guild/raid-feed', inA)).body.feed).toBeNull();
    const url = await makeAddress(clients.raider);
    expect(url).toMatch(/\/api\/raid-feed\/[\w-]{43}\.ics$/);
    // The address is never given again, and only its hash is kept.
    const state = await clients.raider.get<{ feed: Record<string, unknown> }>('/api/guild/raid-feed', inA);
    expect(Object.keys(state.body.feed)).toEqual(['createdAt', 'lastReadAt']);
    const token = url.slice(url.lastIndexOf('/') + 1, -'.ics'.length);
    const stored = await sql<{ token_hash: string }>(guild.server.app, 'SELECT token_hash FROM raid_calendar_feeds');
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    const feed = await fetchFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^text\/calendar/);
    const ids = feed.events.map((event) => event.uid);
    expect(ids).toContain(`${raid.id}@guildhall`);
    expect(ids).toContain(`${dropped.id}@guildhall`);
    expect(ids).not.toContain(`${later.id}@guildhall`);
    expect(ids).not.toContain(`${foreign.id}@guildhall`);
    const event = feed.events.find((e) => e.uid === `${raid.id}@guildhall`)!;
    expect(event).toMatchObject({ start: raid.startsAt, end: raid.endsAt, status: 'CONFIRMED' });
    expect(event.summary).toBe('Feed night (Manaforge Omega Heroic)');
    expect(event.description).toContain('Your answer: Late (15 min), as Thrallina');
    expect(event.description).toContain(`/raids/${raid.id}`);
    expect(event.url).toMatch(new RegExp(`/raids/${raid.id}$`));
    // Times in UTC, as RFC 5545 writes them with a Z.
    expect(feed.text).toContain(`DTSTART:${raid.startsAt.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    const cancelled = feed.events.find((e) => e.uid === `${dropped.id}@guildhall`)!;
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.description).toContain('Cancelled: Server maintenance');
    expect(cancelled.description).toContain('Your answer: not answered yet.');

    // The same raid keeps its UID when it changes; the audit log holds who made the address.
    const audit = await sql<{ action: string }>(
      guild.server.app,
      `SELECT action FROM audit_log WHERE action LIKE 'raid_feed.%' AND target_id = $1`,
      [guild.userIds.raider],
    );
    expect(audit.map((row) => row.action)).toEqual(['raid_feed.created']);
    expect(
      (await clients.raider.get<{ feed: { lastReadAt: string | null } }>('/api/guild/raid-feed', inA)).body.feed.lastReadAt,
    ).not.toBeNull();
  });

  it("keeps a weekly raid at 20:00 in the guild's zone across a daylight-saving change", async () => {
    const zone = await guild.clients.officer.request('PUT', '/api/guild/config', {
      ...inA,
      body: { category: 'general', settings: { timezone: 'Europe/Berlin' } },
    });
    expect(zone.status, zone.text).toBe(200);
    const change = nextChangeSunday('Europe/Berlin', 8);
    const series = await guild.clients.officer.post<{ raids: RaidSummary[] }>(
      '/api/guild/raid-series',
      {
        name: 'Sunday clock',
        instance: 'Undermine',
        difficulty: 'Heroic',
        firstDate: addDays(change, -7),
        weekdays: [0],
        count: 2,
      },
      inA,
    );
    expect(series.status, series.text).toBe(200);
    const [before, after] = series.body.raids;
    const url = await makeAddress(guild.clients.otherRaider);
    const { events } = await fetchFeed(url);
    const startOf = (raid: RaidSummary) => events.find((e) => e.uid === `${raid.id}@guildhall`)!.start;
    // One hour apart in UTC, both 20:00 on a Berlin clock.
    expect(Date.parse(startOf(after!)) - Date.parse(startOf(before!))).not.toBe(7 * 864e5);
    expect(startOf(before!)).toBe(zonedTimeToUtc(addDays(change, -7), '20:00', 'Europe/Berlin').toISOString());
    expect(startOf(after!)).toBe(zonedTimeToUtc(change, '20:00', 'Europe/Berlin').toISOString());
    const berlinClock = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
    expect([berlinClock(startOf(before!)), berlinClock(startOf(after!))]).toEqual(['20:00', '20:00']);
  });

  it('answers 404 alike for a revoked, a replaced and a made-up address', async () => {
    const first = await makeAddress(guild.clients.coOfficer);
    const second = await makeAddress(guild.clients.coOfficer);
    expect(second).not.toBe(first);
    const replaced = await fetchFeed(first);
    expect((await fetchFeed(second)).status).toBe(200);
    const revoke = await guild.clients.coOfficer.request('DELETE', '/api/guild/raid-feed', inA);
    expect(revoke.status, revoke.text).toBe(200);
    expect(revoke.body.message).toBe(RAID_FEED_MESSAGES.revoked);
    const revoked = await fetchFeed(second);
    const madeUp = await fetchFeed(`http://x/api/raid-feed/${'A'.repeat(43)}.ics`);
    for (const answer of [replaced, revoked, madeUp]) {
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.text)).toMatchObject({ success: false, error: RAID_FEED_MESSAGES.notFound });
    }
    expect((await guild.clients.coOfficer.request('DELETE', '/api/guild/raid-feed', inA)).status).toBe(404);
    const audit = await sql<{ action: string; details: { replaced?: boolean } }>(
      guild.server.app,
      `SELECT action, details FROM audit_log WHERE action LIKE 'raid_feed.%' AND target_id = $1 ORDER BY created_at, id`,
      [guild.userIds.coOfficer],
    );
    expect(audit.map((row) => [row.action, row.details.replaced ?? null])).toEqual([
      ['raid_feed.created', false],
      ['raid_feed.created', true],
      ['raid_feed.revoked', null],
    ]);
  });

  it("leaves out a guild the member cannot see, even with another member's feed", async () => {
    // The outsider's own feed holds their guild's raids and none of guild A's.
    const url = await guild.clients.outsider.post<{ url: string }>('/api/guild/raid-feed', undefined, {
      headers: { 'X-Guild-ID': guild.discordGuildB },
    });
    expect(url.status, url.text).toBe(200);
    const { events } = await fetchFeed(url.body.url);
    expect(events.map((e) => e.summary)).toEqual(['Other guild night (Undermine Normal)']);
    // Without a session the address calls are refused.
    const anonymous = new HttpClient(guild.server.url);
    expect((await anonymous.post('/api/guild/raid-feed', undefined, inA)).status).toBe(401);
  });
});
