import { CHARACTER_ROLES, WOW_CLASSES } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { generateDemoData } from './demo-data';
import { generateGuildData } from './demo-guild-data';
import { parseSchedule, RAID_WEEKS } from './demo-raids';
import { CLASS_SPECS } from './game-names';

const NOW = Date.UTC(2026, 4, 21, 12, 0, 0);
const WEEK_MS = 7 * 86_400_000;

// Generating the demo set is a second or two of CPU work per test; on a machine busy with other runs it has taken
// longer than the default 5 s, so these tests get 30 s.
describe('the demo guild data', { timeout: 30_000 }, () => {
  const demo = generateDemoData();
  const data = generateGuildData(demo, NOW);

  it('is the same on every run for the same moment', () => {
    expect(generateGuildData(demo, NOW)).toEqual(data);
  });

  it('links the same characters at any hour of the week (the discovery journeys rely on who is left unlinked)', () => {
    const pairs = (links: typeof data.links) => links.map((l) => `${l.character_id}/${l.discord_user_id}/${l.priority}`);
    for (const hours of [5, 31, 77, 130]) {
      const later = generateGuildData(demo, NOW + hours * 3_600_000);
      expect(pairs(later.links)).toEqual(pairs(data.links));
      expect(later.characters.map((c) => c.name)).toEqual(data.characters.map((c) => c.name));
    }
  });

  it('gives every guild 10-40 characters with unique names, real classes, specs and roles, levels 70-80', () => {
    for (const guild of demo.guilds) {
      const roster = data.characters.filter((c) => c.guild_id === guild.id);
      expect(roster.length).toBeGreaterThanOrEqual(10);
      expect(roster.length).toBeLessThanOrEqual(40);
      expect(new Set(roster.map((c) => c.name.toLowerCase())).size).toBe(roster.length);
    }
    for (const c of data.characters) {
      expect(WOW_CLASSES).toContain(c.class);
      expect(CLASS_SPECS[c.class].some(([spec, role]) => spec === c.spec && role === c.role)).toBe(true);
      expect(CHARACTER_ROLES).toContain(c.role);
      expect(c.level).toBeGreaterThanOrEqual(70);
      expect(c.level).toBeLessThanOrEqual(80);
      expect(c.name).toMatch(/^\p{Lu}\p{Ll}{1,11}$/u);
    }
    expect(data.characters.some((c) => c.guild_note?.startsWith('Main: '))).toBe(true);
    expect(data.characters.some((c) => c.officer_note?.startsWith('alt of '))).toBe(true);
  });

  it('has raids in the last 12 weeks for every guild, in the past, with attendance and loot of attendees', () => {
    for (const guild of demo.guilds) expect(data.raids.some((r) => r.guild_id === guild.id)).toBe(true);
    for (const raid of data.raids) {
      const startsAt = Date.parse(raid.starts_at);
      expect(startsAt).toBeLessThan(NOW);
      expect(startsAt).toBeGreaterThan(NOW - (RAID_WEEKS + 1) * WEEK_MS);
    }
    const attended = new Set(
      data.attendance.filter((a) => a.status !== 'absent').map((a) => `${a.raid_event_id}/${a.character_id}`),
    );
    expect(data.loot.length).toBeGreaterThan(data.raids.length);
    for (const drop of data.loot) expect(attended.has(`${drop.raid_event_id}/${drop.character_id}`)).toBe(true);
  });

  it('links some characters to their players, at most one primary each, and leaves others for discovery', () => {
    const withOwner = data.characters.filter((c) => c.owner);
    expect(data.links.length).toBeGreaterThan(0);
    expect(data.links.length).toBeLessThan(withOwner.length);
    const primaries = data.links.filter((l) => l.is_primary).map((l) => `${l.guild_id}/${l.discord_user_id}`);
    expect(new Set(primaries).size).toBe(primaries.length);
    for (const link of data.links.filter((l) => l.link_type === 'automatic'))
      expect(link.confidence).toBeGreaterThanOrEqual(0.95);
  });
});

describe('raid schedules', () => {
  it('reads days and times as officers write them', () => {
    expect(parseSchedule('Tue/Thu 20:00-23:00')).toEqual({ days: [1, 3], startMinutes: 1200, hours: 3 });
    expect(parseSchedule('Fri/Sat 21:00-00:00')).toEqual({ days: [4, 5], startMinutes: 1260, hours: 3 });
    expect(parseSchedule('whenever')).toEqual({ days: [1, 3], startMinutes: 1200, hours: 3 });
  });
});
