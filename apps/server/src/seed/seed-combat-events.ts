import type { Db } from '../services/db/db';
import type { InfluxClient } from '../services/influx/influx-client';
import { demoBotMetricLines } from './demo-bot-metrics';
import { demoCombatLines } from './demo-combat-events';
import { generateDemoData } from './demo-data';

/** app_meta key recording that the demo guilds' combat events went to InfluxDB. */
export const COMBAT_EVENTS_SEEDED_KEY = 'seeded_combat_events';
/** app_meta key recording that the demo bot metrics went to InfluxDB (apart, so older installs get them too). */
export const BOT_METRICS_SEEDED_KEY = 'seeded_bot_metrics';
const WRITE_TIMEOUT_MS = 10_000;
const WRITE_BATCH = 5000;

async function isSeeded(db: Db, key: string) {
  return (await db.query('SELECT 1 FROM app_meta WHERE key = $1', [key])).rowCount > 0;
}

async function markSeeded(db: Db, key: string, now: number) {
  await db.query('INSERT INTO app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    key,
    new Date(now).toISOString(),
  ]);
}

async function writeInBatches(influx: InfluxClient, lines: readonly string[]) {
  for (let i = 0; i < lines.length; i += WRITE_BATCH) await influx.writeLines(lines.slice(i, i + WRITE_BATCH), WRITE_TIMEOUT_MS);
}

/**
 * The time-series demo data, once each, when an InfluxDB is configured: a week of combat events for the demo
 * guilds (the Combat Logs tab) and of bot metrics (bot_health, bot_commands), so the time-series manager and
 * its debug interface have every measurement they show on a fresh start. An InfluxDB that is down is tried again
 * on the next start (each record is written only after its points are).
 */
export async function seedCombatEvents(db: Db, influx: InfluxClient | null, now = Date.now()) {
  if (!influx) return null;
  const combat = await seedCombatPoints(db, influx, now);
  const metrics = await seedBotMetrics(db, influx, now);
  return combat === null && metrics === null ? null : { events: combat ?? 0, metrics: metrics ?? 0 };
}

async function seedCombatPoints(db: Db, influx: InfluxClient, now: number): Promise<number | null> {
  if (await isSeeded(db, COMBAT_EVENTS_SEEDED_KEY)) return null;
  const demoIds = generateDemoData().guilds.map((guild) => guild.id);
  const { rows } = await db.query<{ id: string; characters: string[] }>(
    `SELECT g.id, coalesce(array_agg(c.name ORDER BY c.name) FILTER (WHERE c.id IS NOT NULL), '{}') AS characters
       FROM guilds g LEFT JOIN characters c ON c.guild_id = g.id
      WHERE g.id = ANY($1::uuid[]) GROUP BY g.id ORDER BY g.id`,
    [demoIds],
  );
  const lines = demoCombatLines(rows, now);
  await writeInBatches(influx, lines);
  await markSeeded(db, COMBAT_EVENTS_SEEDED_KEY, now);
  return lines.length;
}

async function seedBotMetrics(db: Db, influx: InfluxClient, now: number): Promise<number | null> {
  if (await isSeeded(db, BOT_METRICS_SEEDED_KEY)) return null;
  const lines = demoBotMetricLines(
    generateDemoData().guilds.map((guild) => guild.id),
    now,
  );
  await writeInBatches(influx, lines);
  await markSeeded(db, BOT_METRICS_SEEDED_KEY, now);
  return lines.length;
}
