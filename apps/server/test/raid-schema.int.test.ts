import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from './helpers/factories';
import { insertGuild } from './helpers/guild-factories';
import { type IsolatedApp, startIsolatedApp, stopTestApp } from './helpers/test-app';

/** The raid planning tables of migration 0041, as other sources (the seed, imports) write raid_events. */
let isolated: IsolatedApp;
let guildId: string;

beforeAll(async () => {
  isolated = await startIsolatedApp();
  guildId = await insertGuild(isolated.server.app);
});
afterAll(() => stopTestApp(isolated?.server, isolated?.environment));

const run = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) => sql<Row>(isolated.server.app, text, params);

describe('the raid planning schema', () => {
  it('gives a raid written the old way the planning defaults, and keeps the analytics triggers counting it', async () => {
    const [raid] = await run<{ id: string; size: number; version: number; tanks: number; signup_deadline: Date | null }>(
      `INSERT INTO raid_events (guild_id, name, instance, difficulty, starts_at, ends_at)
       VALUES ($1, 'Imported', 'Undermine', 'Heroic', '2027-01-06 19:00+00', '2027-01-06 22:00+00')
       RETURNING id, size, version, tanks, signup_deadline`,
      [guildId],
    );
    expect(raid).toMatchObject({ size: 20, version: 1, tanks: 0, signup_deadline: null });
    const [analytics] = await run('SELECT guild_id, starts_at FROM analytics_raids WHERE raid_event_id = $1', [raid!.id]);
    expect(analytics).toEqual({ guild_id: guildId, starts_at: new Date('2027-01-06T19:00:00Z') });
    await run(
      `UPDATE raid_events SET starts_at = '2027-01-07 19:00+00', ends_at = '2027-01-07 22:00+00', version = version + 1 WHERE id = $1`,
      [raid!.id],
    );
    const [moved] = await run('SELECT starts_at FROM analytics_raids WHERE raid_event_id = $1', [raid!.id]);
    expect(moved).toEqual({ starts_at: new Date('2027-01-07T19:00:00Z') });
  });

  it('refuses seats that do not fit, a deadline after the start and a cancellation without a reason', async () => {
    const insert = (columns: string, values: string) =>
      run(
        `INSERT INTO raid_events (guild_id, name, instance, difficulty, starts_at, ${columns})
         VALUES ($1, 'Bad', 'Undermine', 'Normal', '2027-01-06 19:00+00', ${values})`,
        [guildId],
      );
    await expect(insert('size, tanks, healers', '10, 6, 6')).rejects.toThrow(/raid_events_seats_fit/);
    await expect(insert('tanks', '-1')).rejects.toThrow(/check constraint/);
    await expect(insert('signup_deadline', `'2027-01-06 20:00+00'`)).rejects.toThrow(/raid_events_deadline_before_start/);
    await expect(insert('cancelled_at', 'now()')).rejects.toThrow(/raid_events_cancel_reason/);
  });

  it('keeps one sign-up per member and raid', async () => {
    const [raid] = await run<{ id: string }>(
      `INSERT INTO raid_events (guild_id, name, instance, difficulty, starts_at) VALUES ($1, 'Night', 'Undermine', 'Normal', now())
       RETURNING id`,
      [guildId],
    );
    const [user] = await run<{ id: string }>(`INSERT INTO users (username) VALUES ('schema_member') RETURNING id`);
    const answer = (status: string) =>
      run(`INSERT INTO raid_signups (raid_event_id, user_id, status, role) VALUES ($1, $2, $3, 'tank')`, [
        raid!.id,
        user!.id,
        status,
      ]);
    await answer('accept');
    await expect(answer('tentative')).rejects.toThrow(/raid_signups_raid_event_id_user_id_key/);
    await expect(
      run(`INSERT INTO raid_signups (raid_event_id, user_id, status) VALUES ($1, $2, 'late')`, [raid!.id, user!.id]),
    ).rejects.toThrow(/check constraint/);
  });
});
