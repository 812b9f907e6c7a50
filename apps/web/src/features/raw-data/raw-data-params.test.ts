import { findRawEntity } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { cellText, parseRawParams, rawApiQuery, rawSearchParams } from './raw-data-params';

const characters = findRawEntity('characters');

describe('raw data view parameters', () => {
  it("keeps only the entity's described filters, and drops empty ones", () => {
    const params = new URLSearchParams(
      'entity=characters&guildId=g1&guildName=Raw+Alpha&sort=level&order=desc&name=ari&level_min=80&level_max=&password_hash=x&email=a',
    );
    const view = parseRawParams(params, characters);
    expect(view).toEqual({
      entity: 'characters',
      guildId: 'g1',
      guildName: 'Raw Alpha',
      sort: 'level',
      order: 'desc',
      filters: { name: 'ari', level_min: '80' },
    });
    expect(rawApiQuery(view)).toEqual({ name: 'ari', level_min: '80', guildId: 'g1', sort: 'level', order: 'desc' });
  });

  it('round-trips through the URL', () => {
    const view = parseRawParams(new URLSearchParams('entity=characters&created_at_from=2026-01-01&class=Mage'), characters);
    expect(parseRawParams(rawSearchParams(view), characters)).toEqual(view);
    expect(rawSearchParams(view).toString()).toBe('entity=characters&created_at_from=2026-01-01&class=Mage');
  });

  it('ignores an unknown order and a guild name without a guild', () => {
    const view = parseRawParams(new URLSearchParams('entity=characters&order=sideways&guildName=X'), characters);
    expect(view.order).toBeNull();
    expect(rawSearchParams(view).toString()).toBe('entity=characters');
  });

  it('writes cells as text', () => {
    expect(cellText(null)).toBe('—');
    expect(cellText({ a: 1 })).toBe('{"a":1}');
    expect(cellText(['x', 'y'])).toBe('["x","y"]');
    expect(cellText(false)).toBe('false');
    expect(cellText(12.5)).toBe('12.5');
  });
});
