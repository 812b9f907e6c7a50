import { INFLUX_MEASUREMENTS } from '@guildhall/contract';
import { createRandom } from './prng';

/** Commands the demo bot answers, most common first. */
const COMMANDS = ['roster', 'roster', 'attendance', 'loot', 'link', 'help', 'raid-signup'] as const;
/** One health sample every 5 minutes, as the bot reports it. */
const HEALTH_STEP_MS = 5 * 60_000;

/**
 * A week of the bot's own metrics in InfluxDB line protocol, deterministic: bot_health every 5 minutes (gateway
 * latency, heap, guild count, connected flag, tagged by shard) and bot_commands (one point per command run,
 * tagged by command and guild, with its duration and outcome), so the time-series screens have every measurement
 * they show on a fresh start.
 */
export function demoBotMetricLines(guildIds: readonly string[], now: number, days = 7): string[] {
  const random = createRandom(0xb07);
  const lines: string[] = [];
  const start = now - days * 86_400_000;
  const aligned = now - (now % HEALTH_STEP_MS);
  for (let time = aligned; time > start; time -= HEALTH_STEP_MS) {
    const isConnected = !random.chance(0.01);
    const latency = isConnected ? 35 + random.int(0, 40) + random.next() : 0;
    const heap = 120 + random.int(0, 60) + random.next();
    lines.push(
      `${INFLUX_MEASUREMENTS.botHealth},shard=0 latency_ms=${latency.toFixed(2)},heap_mb=${heap.toFixed(1)},guilds=${guildIds.length}i,is_connected=${isConnected} ${time}`,
    );
  }
  if (guildIds.length > 0) {
    for (let i = 0; i < days * 60; i++) {
      const time = now - random.int(30_000, days * 86_400_000);
      const isOk = !random.chance(0.04);
      lines.push(
        `${INFLUX_MEASUREMENTS.botCommands},command=${random.pick(COMMANDS)},guild_id=${random.pick(guildIds)} duration_ms=${random.int(20, 900)}i,success=${isOk} ${time}`,
      );
    }
  }
  return lines;
}
