import { findRawEntity } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { parseUrlQuery, urlQuerySearch } from '../../ui/use-url-query';
import { type RawView, rawApiQuery, rawFilters, rawViewQuery } from './raw-data-query';

const characters = findRawEntity('characters')!;
const schema = rawViewQuery(characters);
const read = (search: string) => parseUrlQuery(schema, new URLSearchParams(search)) as RawView;

describe('raw data view parameters', () => {
  it("keeps only the entity's described filters, and drops empty ones", () => {
    const view = read(
      'entity=characters&guildId=6f1c2a52-8d0e-4b7e-9a51-3c0f5a1e2b44&guildName=Raw+Alpha&sort=level&order=desc&name=ari&level_min=80&level_max=&password_hash=x&email=a',
    );
    expect(rawFilters(characters, view)).toEqual({ name: 'ari', level_min: '80' });
    expect(rawApiQuery(characters, view)).toEqual({
      name: 'ari',
      level_min: '80',
      guildId: '6f1c2a52-8d0e-4b7e-9a51-3c0f5a1e2b44',
      sort: 'level',
      order: 'desc',
    });
  });

  it('writes the sort beside its order, and an unknown order not at all', () => {
    expect(urlQuerySearch(schema, read('entity=characters&order=desc&class=Mage&sort=level')).toString()).toBe(
      'entity=characters&sort=level&order=desc&class=Mage',
    );
    expect(read('order=sideways').order).toBeUndefined();
  });

  it("keeps one of the kit's page sizes in ?limit=, the list's 50 out of the URL", () => {
    expect(read('entity=characters&limit=100').limit).toBe(100);
    expect(read('entity=characters&limit=7').limit).toBe(50);
    expect(urlQuerySearch(schema, read('entity=characters&limit=50')).toString()).toBe('entity=characters');
    expect(rawApiQuery(characters, read('limit=25'))).toEqual({});
  });
});
