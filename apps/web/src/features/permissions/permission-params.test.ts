import { describe, expect, it } from 'vitest';
import { parsePermissionParams, permissionSearchParams } from './permission-params';

const GUILD = '0b6f1c0e-5d0a-4a8e-9a57-1f2d3c4b5a69';

describe('the Permissions screen URL', () => {
  it('reads a plain address as the Roles tab with no guild, and writes it back plain', () => {
    const state = parsePermissionParams(new URLSearchParams());
    expect(state).toMatchObject({ tab: 'roles', guildId: null, grants: { page: 1, limit: 50 }, memberId: null });
    expect(permissionSearchParams(state).toString()).toBe('');
  });

  it('round-trips the tab, guild, search, page and member', () => {
    const search = `tab=discord-roles&guild=${GUILD}&search=thrall&page=3&member=412345678901234567`;
    const state = parsePermissionParams(new URLSearchParams(search));
    expect(state).toMatchObject({
      tab: 'discord-roles',
      guildId: GUILD,
      grants: { guildId: GUILD, search: 'thrall', page: 3 },
      memberId: '412345678901234567',
    });
    expect(permissionSearchParams(state).toString()).toBe(search);
  });

  it('ignores values that do not fit', () => {
    const state = parsePermissionParams(new URLSearchParams('tab=nope&guild=abc&page=-1&member=12ab&search=%20%20'));
    expect(state).toMatchObject({ tab: 'roles', guildId: null, grants: { page: 1 }, memberId: null });
    expect(state.grants.search).toBeUndefined();
  });
});
