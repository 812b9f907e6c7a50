import { describe, expect, it } from 'vitest';
import { parseUrlQuery } from '../../ui/use-url-query';
import { grantFilters, permissionQuery } from './permission-query';

const GUILD = '0b6f1c0e-5d0a-4a8e-9a57-1f2d3c4b5a69';
const read = (search: string) => parseUrlQuery(permissionQuery, new URLSearchParams(search));

describe('the Permissions screen URL', () => {
  it('reads the tab, guild, search, page, page size and member, and asks for the grants of that guild', () => {
    const state = read(`tab=discord-roles&guild=${GUILD}&search=thrall&page=3&limit=25&member=412345678901234567`);
    expect(state).toEqual({
      tab: 'discord-roles',
      guild: GUILD,
      search: 'thrall',
      page: 3,
      limit: 25,
      member: '412345678901234567',
    });
    expect(grantFilters(state)).toEqual({ guildId: GUILD, search: 'thrall', page: 3, limit: 25 });
  });

  it('ignores values that do not fit', () => {
    expect(read('tab=nope&guild=abc&page=-1&member=12ab&search=%20%20')).toEqual({ tab: 'roles', page: 1, limit: 50 });
  });
});
