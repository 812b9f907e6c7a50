import { describe, expect, it } from 'vitest';
import { guildInitials } from './guild-avatar';

describe('guildInitials', () => {
  it('takes two words or two letters', () => {
    expect(guildInitials('Knights of Azeroth')).toBe('KO');
    expect(guildInitials('Vanguard')).toBe('VA');
    expect(guildInitials('  ')).toBe('?');
    expect(guildInitials('é')).toBe('É');
  });
});
