import { describe, expect, it } from 'vitest';
import { discoverySearchParams, parseDiscoveryParams, switchGuild } from './discovery-params';

const GUILD = '8b682779-b3ba-4947-a8b9-0276477d5719';

describe('discovery URL state', () => {
  it('reads the guild, filters and member search', () => {
    const state = parseDiscoveryParams(
      new URLSearchParams(`guildId=${GUILD}&search=%20bench%20&class=Death%20Knight&role=tank&member=ash`),
    );
    expect(state).toEqual({ guildId: GUILD, search: 'bench', class: 'Death Knight', role: 'tank', memberSearch: 'ash' });
  });

  it('ignores values that do not fit', () => {
    const state = parseDiscoveryParams(new URLSearchParams('guildId=nope&class=Bard&role=support'));
    expect(state).toEqual({ guildId: null, search: '', class: null, role: null, memberSearch: '' });
  });

  it('writes only what is set, and round-trips', () => {
    const state = { guildId: GUILD, search: 'alt of', class: 'Mage' as const, role: null, memberSearch: '' };
    const params = discoverySearchParams(state);
    expect(params.toString()).toBe(`guildId=${GUILD}&search=alt+of&class=Mage`);
    expect(parseDiscoveryParams(params)).toEqual(state);
  });

  it('starts another guild with empty filters', () => {
    expect(switchGuild(GUILD)).toEqual({ guildId: GUILD, search: '', class: null, role: null, memberSearch: '' });
  });
});
