import { describe, expect, it } from 'vitest';
import { generateDemoData } from './demo-data';
import { generateGuildData } from './demo-guild-data';
import { guildTag, type NamingCharacter, planMemberNames } from './demo-member-names';

const NOW = Date.UTC(2026, 4, 21, 12, 0, 0);

describe('the demo member names', () => {
  const demo = generateDemoData();
  const data = generateGuildData(demo, NOW);
  const linked = new Set(data.links.map((link) => link.character_id));
  const characters: NamingCharacter[] = data.characters.map((c) => ({ ...c, is_linked: linked.has(c.id) }));
  const current = demo.members.filter((member) => member.left_at === null);
  const plan = planMemberNames(demo.guilds, current, characters, NOW);
  const fold = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}]/gu, '');

  it('is the same plan for the same data', () => {
    expect(planMemberNames(demo.guilds, current, characters, NOW)).toEqual(plan);
  });

  it('dresses mains up the ways real servers do, keeping the character name inside', () => {
    const names = plan.members.map((m) => `${m.nickname ?? ''} ${m.global_name ?? ''}`);
    expect(names.some((n) => /^\[\p{L}{2,4}\] /u.test(n))).toBe(true);
    expect(names.some((n) => / \| (Tank|Healer|DPS)/.test(n))).toBe(true);
    expect(names.some((n) => /\p{L}\/\p{L}/u.test(n))).toBe(true);
    expect(names.some((n) => /\p{Extended_Pictographic}/u.test(n))).toBe(true);
    expect(names.some((n) => /[áéíöü]/.test(n))).toBe(true);
    const byName = new Map(characters.map((c) => [`${c.guild_id}/${fold(c.name)}`, c]));
    for (const change of plan.members) {
      const before = current.find((m) => m.guild_id === change.guild_id && m.discord_user_id === change.discord_user_id)!;
      const main = byName.get(`${change.guild_id}/${fold(before.global_name).slice(0, 12)}`)!;
      expect(fold(`${change.nickname ?? ''}${change.global_name ?? ''}`)).toContain(fold(main.name));
    }
  });

  it("notes some alts' Discord accounts and adds members who play nothing on the roster, with new ids", () => {
    expect(plan.notes.length).toBeGreaterThan(0);
    for (const note of plan.notes) expect(note.officer_note).toMatch(/^alt of \p{Lu}\p{Ll}+ \(Discord: .+\)$/u);
    expect(plan.newMembers.length).toBeGreaterThanOrEqual(demo.guilds.length * 2);
    const ids = new Set(demo.members.map((m) => `${m.guild_id}/${m.discord_user_id}`));
    for (const member of plan.newMembers) expect(ids.has(`${member.guild_id}/${member.discord_user_id}`)).toBe(false);
  });

  it('gives every guild a namesake of an unlinked main, so auto-link has an ambiguous pair to refuse', () => {
    for (const guild of demo.guilds) {
      const unlinkedMains = new Set(
        data.characters.filter((c) => c.guild_id === guild.id && !linked.has(c.id) && c.owner?.isMain).map((c) => c.name),
      );
      const namesakes = plan.newMembers.filter((m) => m.guild_id === guild.id && unlinkedMains.has(m.global_name ?? ''));
      expect(namesakes, guild.guild_name).toHaveLength(1);
    }
  });

  it('tags a guild by its initials', () => {
    expect(guildTag('Crimson Covenant')).toBe('CC');
    expect(guildTag('Knights of the Ashen Dawn')).toBe('KAD');
    expect(guildTag('별빛')).toBe('별빛');
  });
});
