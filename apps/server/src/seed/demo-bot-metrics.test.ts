import { describe, expect, it } from 'vitest';
import { demoBotMetricLines } from './demo-bot-metrics';

const NOW = Date.UTC(2026, 10, 23, 20, 0, 0);

describe('demo bot metrics', () => {
  it('gives a week of health samples every 5 minutes and command runs, the same on every run', () => {
    const lines = demoBotMetricLines(['g1', 'g2'], NOW);
    expect(lines).toEqual(demoBotMetricLines(['g1', 'g2'], NOW));
    const health = lines.filter((line) => line.startsWith('bot_health,'));
    const commands = lines.filter((line) => line.startsWith('bot_commands,'));
    expect(health).toHaveLength(7 * 24 * 12);
    expect(commands).toHaveLength(7 * 60);
    expect(health[0]).toMatch(/^bot_health,shard=0 latency_ms=[\d.]+,heap_mb=[\d.]+,guilds=2i,is_connected=(true|false) \d+$/);
    expect(commands[0]).toMatch(/^bot_commands,command=[a-z-]+,guild_id=g[12] duration_ms=\d+i,success=(true|false) \d+$/);
    for (const line of lines) {
      const time = Number(line.split(' ').at(-1));
      expect(time).toBeLessThanOrEqual(NOW);
      expect(time).toBeGreaterThan(NOW - 7 * 86_400_000);
    }
  });
});
