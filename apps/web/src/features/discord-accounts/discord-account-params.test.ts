import { describe, expect, it } from 'vitest';
import { discordAccountSearchParams, parseDiscordAccountParams } from './discord-account-params';

describe('the Discord accounts screen URL', () => {
  it('reads a plain address as the Users tab with the defaults, and writes it back plain', () => {
    const state = parseDiscordAccountParams(new URLSearchParams());
    expect(state).toMatchObject({
      tab: 'users',
      users: { page: 1, filter: 'all', sortBy: 'displayName', sortOrder: 'asc', limit: 25 },
      botGuilds: { page: 1, limit: 25 },
      userId: null,
    });
    expect(discordAccountSearchParams(state).toString()).toBe('');
  });

  it('round-trips the tab, search, filter, sort, pages and the open user', () => {
    const search =
      'tab=bot-guilds&search=arthas&filter=linked&sort=lastLogin&order=desc&page=3&guildSearch=alpha&guildPage=2&user=111111111111111101';
    const state = parseDiscordAccountParams(new URLSearchParams(search));
    expect(state.users).toMatchObject({ search: 'arthas', filter: 'linked', sortBy: 'lastLogin', sortOrder: 'desc', page: 3 });
    expect(state.botGuilds).toMatchObject({ search: 'alpha', page: 2 });
    expect(discordAccountSearchParams(state).toString()).toBe(search);
  });

  it('ignores values that do not fit', () => {
    const state = parseDiscordAccountParams(new URLSearchParams('tab=nope&filter=x&sort=email&page=-2&guildPage=a&user=42'));
    expect(state).toMatchObject({
      tab: 'users',
      users: { filter: 'all', sortBy: 'displayName', page: 1 },
      botGuilds: { page: 1 },
      userId: null,
    });
  });
});
