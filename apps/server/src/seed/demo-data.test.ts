import { guildInput, REGIONS } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { generateDemoData } from './demo-data';

describe('the demo data set', () => {
  const data = generateDemoData();

  it('is the same on every run', () => {
    expect(generateDemoData()).toEqual(data);
    expect(generateDemoData(7)).not.toEqual(data);
  });

  it('has at least 60 guild tenants over the four regions, active and inactive, with unique names', () => {
    expect(data.guilds.length).toBeGreaterThanOrEqual(60);
    for (const region of REGIONS) expect(data.guilds.filter((g) => g.region === region).length).toBeGreaterThan(0);
    expect(data.guilds.some((g) => g.is_active)).toBe(true);
    expect(data.guilds.some((g) => !g.is_active)).toBe(true);
    expect(new Set(data.guilds.map((g) => g.guild_name)).size).toBe(data.guilds.length);
    expect(new Set(data.guilds.map((g) => g.discord_guild_id)).size).toBe(data.guilds.length);
  });

  it('passes the guild form rules of the contract', () => {
    for (const guild of data.guilds) expect(guildInput.safeParse(guild).success, guild.guild_name).toBe(true);
  });

  it('gives every guild members, each at most once per guild, and community users with unique e-mail and Discord ids', () => {
    for (const guild of data.guilds) {
      const members = data.members.filter((m) => m.guild_id === guild.id);
      expect(members.length).toBeGreaterThan(0);
      expect(new Set(members.map((m) => m.discord_user_id)).size).toBe(members.length);
    }
    const emails = data.users.map((u) => u.email).filter(Boolean);
    const discordIds = data.users.map((u) => u.discord_id).filter(Boolean);
    expect(new Set(emails).size).toBe(emails.length);
    expect(new Set(discordIds).size).toBe(discordIds.length);
    for (const user of data.users) expect(user.email ?? user.discord_id).toBeTruthy();
  });
});
