import type { Db } from '../services/db/db';
import type { InfluxClient } from '../services/influx/influx-client';
import { demoCombatLines } from './demo-combat-events';
import { generateDemoData } from './demo-data';

/** app_meta key recording that the demo guilds' combat events went to InfluxDB. */
export const COMBAT_EVENTS_SEEDED_KEY = 'seeded_combat_events';
const WRITE_TIMEOUT_MS = 10_000;

/**
 * Writes a week of demo combat events for the demo guilds to InfluxDB, once, when one is configured, so
 * the Combat Logs tab shows something real on a fresh start. An InfluxDB that is down is tried again on
 * the next start (the record is written only after the points are).
 */
export async function seedCombatEvents(db: Db, influx: InfluxClient | null, now = Date.now()) {
  if (!influx) return null;
  const seeded = await db.query('SELECT 1 FROM app_meta WHERE key = $1', [COMBAT_EVENTS_SEEDED_KEY]);
  if (seeded.rowCount > 0) return null;
  const demoIds = generateDemoData().guilds.map((guild) => guild.id);
  const { rows } = await db.query<{ id: string; characters: string[] }>(
    `SELECT g.id, coalesce(array_agg(c.name ORDER BY c.name) FILTER (WHERE c.id IS NOT NULL), '{}') AS characters
       FROM guilds g LEFT JOIN characters c ON c.guild_id = g.id
      WHERE g.id = ANY($1::uuid[]) GROUP BY g.id ORDER BY g.id`,
    [demoIds],
  );
  const lines = demoCombatLines(rows, now);
  await influx.writeLines(lines, WRITE_TIMEOUT_MS);
  await db.query('INSERT INTO app_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    COMBAT_EVENTS_SEEDED_KEY,
    new Date(now).toISOString(),
  ]);
  return { events: lines.length };
}
