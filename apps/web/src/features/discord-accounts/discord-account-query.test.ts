import { describe, expect, it } from 'vitest';
import { parseUrlQuery } from '../../ui/use-url-query';
import {
  botGuildFilters,
  botGuildUrlChange,
  botGuildUrlQuery,
  discordUserUrlQuery,
  userFilters,
  userUrlChange,
} from './discord-account-query';

const at = (search: string) => new URLSearchParams(search);

describe('the Discord accounts screen URL', () => {
  it('reads the tab, search, filter, sort, pages, page sizes and the open user into both list calls', () => {
    const search =
      'tab=bot-guilds&search=arthas&filter=linked&sort=lastLogin&order=desc&page=3&limit=50&guildSearch=alpha&guildPage=2&guildLimit=10&user=111111111111111101';
    const state = parseUrlQuery(discordUserUrlQuery, at(search));
    expect(state).toMatchObject({ tab: 'bot-guilds', user: '111111111111111101' });
    expect(userFilters(state)).toEqual({
      search: 'arthas',
      filter: 'linked',
      sortBy: 'lastLogin',
      sortOrder: 'desc',
      page: 3,
      limit: 50,
    });
    expect(botGuildFilters(parseUrlQuery(botGuildUrlQuery, at(search)))).toEqual({ search: 'alpha', page: 2, limit: 10 });
  });

  it('ignores values that do not fit', () => {
    const state = parseUrlQuery(discordUserUrlQuery, at('tab=nope&filter=x&sort=email&page=-2&limit=0&user=42'));
    expect(state).toEqual({ tab: 'users', filter: 'all', sort: 'displayName', order: 'asc', page: 1, limit: 25 });
  });

  it("writes a sort change under the URL's names", () => {
    expect(userUrlChange({ sortBy: 'lastLogin', sortOrder: 'desc' })).toEqual({ sort: 'lastLogin', order: 'desc' });
    expect(userUrlChange({ search: 'a' })).toEqual({ search: 'a' });
    expect(botGuildUrlChange({ search: undefined })).toEqual({ guildSearch: undefined });
    expect(botGuildUrlChange({ limit: 50 })).toEqual({ guildLimit: 50 });
  });
});
