import { describe, expect, it } from 'vitest';
import { demoCombatLines } from './demo-combat-events';

describe('demoCombatLines', () => {
  const now = Date.UTC(2026, 10, 21);
  const guilds = [
    { id: 'g-1', characters: ['Kaethas', 'Lyra "Sun" Dawn'] },
    { id: 'g-2', characters: [] },
  ];

  it('writes the asked number of events per guild with characters, tagged by guild and event type', () => {
    const lines = demoCombatLines(guilds, now, 10);
    expect(lines).toHaveLength(10);
    for (const line of lines)
      expect(line).toMatch(/^combat_events,guild_id=g-1,event_type=(SPELL_DAMAGE|SPELL_HEAL|UNIT_DIED) \S/);
  });

  it('escapes quotes in string fields and keeps times within the window', () => {
    const lines = demoCombatLines(guilds, now, 200, 7);
    expect(lines.some((line) => line.includes('"Lyra \\"Sun\\" Dawn"'))).toBe(true);
    for (const line of lines) {
      const time = Number(line.split(' ').at(-1));
      expect(time).toBeLessThan(now);
      expect(time).toBeGreaterThanOrEqual(now - 7 * 86_400_000);
    }
  });

  it('is the same on every run', () => {
    expect(demoCombatLines(guilds, now, 5)).toEqual(demoCombatLines(guilds, now, 5));
  });
});
