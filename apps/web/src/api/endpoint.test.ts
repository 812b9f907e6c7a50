import { describe, expect, it } from 'vitest';
import { endpointPath } from './endpoint';

describe('endpointPath', () => {
  it('fills and encodes path parameters', () => {
    expect(endpointPath('/api/admin/guilds/:id/data', { id: 'a b/c' })).toBe('/api/admin/guilds/a%20b%2Fc/data');
    expect(endpointPath('/api/admin/guilds')).toBe('/api/admin/guilds');
  });

  it('refuses a missing parameter', () => {
    expect(() => endpointPath('/api/admin/guilds/:id', {})).toThrow(/id/);
  });
});
