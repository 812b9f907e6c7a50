import { describe, expect, it } from 'vitest';
import { passwordChecks } from './password-checks';

const states = (password: string, owner = {}) => passwordChecks(password, owner).map((check) => check.state);

describe('passwordChecks', () => {
  it('waits until something is typed, and judges the rest once the length is right', () => {
    expect(states('')).toEqual(['pending', 'pending', 'pending']);
    expect(states('short')).toEqual(['unmet', 'pending', 'pending']);
  });

  it('meets every line for a good password', () => {
    expect(states('correct horse battery')).toEqual(['met', 'met', 'met']);
  });

  it('flags a common password', () => {
    expect(states('password123')).toEqual(['met', 'unmet', 'met']);
  });

  it('flags the username or e-mail', () => {
    expect(states('raidleader42', { username: 'RaidLeader42' })).toEqual(['met', 'met', 'unmet']);
    expect(states('ann.example@x.org', { email: 'ann.example@x.org' })).toEqual(['met', 'met', 'unmet']);
  });
});
