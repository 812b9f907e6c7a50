import { describe, expect, it } from 'vitest';
import { parseUrlQuery, urlQuerySearch } from '../../ui/use-url-query';
import { discoveryQuery, switchGuild } from './discovery-query';

const GUILD = '8b682779-b3ba-4947-a8b9-0276477d5719';

describe('discovery URL state', () => {
  it('reads the guild, filters and member search', () => {
    const state = parseUrlQuery(
      discoveryQuery,
      new URLSearchParams(`guildId=${GUILD}&search=%20bench%20&class=Death%20Knight&role=tank&member=ash`),
    );
    expect(state).toEqual({ guildId: GUILD, search: 'bench', class: 'Death Knight', role: 'tank', member: 'ash' });
  });

  it('starts another guild with empty filters', () => {
    const params = urlQuerySearch(discoveryQuery, switchGuild(GUILD));
    expect(params.toString()).toBe(`guildId=${GUILD}`);
  });
});
