import { ACCOUNT_STATUSES, DISCORD_ID_PATTERN, playerAccountInput } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { generateDemoData } from './demo-data';
import { DEMO_PLAYER_ACCOUNTS, generateDemoPlayerAccounts } from './demo-player-accounts';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

describe('the demo player accounts', () => {
  const demo = generateDemoData();
  const accounts = generateDemoPlayerAccounts(demo, NOW);

  it('is the same set for the same data', () => {
    expect(generateDemoPlayerAccounts(demo, NOW)).toEqual(accounts);
    expect(accounts).toHaveLength(DEMO_PLAYER_ACCOUNTS);
  });

  it('covers every link state and every status', () => {
    const state = (a: (typeof accounts)[number]) => `${a.discord_id !== null}/${a.battlenet_id !== null}`;
    expect(new Set(accounts.map(state))).toEqual(new Set(['true/false', 'false/true', 'true/true', 'false/false']));
    expect(new Set(accounts.map((a) => a.account_status))).toEqual(new Set(ACCOUNT_STATUSES));
  });

  it('links Discord ids of demo members, each id and Battle.net id to one account, and passes the form rules', () => {
    const members = new Set(demo.members.map((m) => m.discord_user_id));
    const discordIds = accounts.flatMap((a) => (a.discord_id ? [a.discord_id] : []));
    const battlenetIds = accounts.flatMap((a) => (a.battlenet_id ? [a.battlenet_id] : []));
    expect(discordIds.every((id) => members.has(id) && DISCORD_ID_PATTERN.test(id))).toBe(true);
    expect(new Set(discordIds).size).toBe(discordIds.length);
    expect(new Set(battlenetIds).size).toBe(battlenetIds.length);
    for (const a of accounts) {
      expect(playerAccountInput.safeParse({ displayName: a.display_name, email: a.email, discordId: a.discord_id }).success).toBe(
        true,
      );
      expect(a.created_at <= a.updated_at).toBe(true);
      expect(['us', 'eu', 'kr', 'tw', null]).toContain(a.battlenet_region);
    }
  });
});
