import { describe, expect, it } from 'vitest';
import { CharacterIndex, type KnownCharacter, planCharacter } from './plan-characters';

const known = (more: Partial<KnownCharacter> & Pick<KnownCharacter, 'id' | 'name' | 'realm'>): KnownCharacter => ({
  realm_slug: null,
  class: 'Paladin',
  battlenet_id: null,
  level: 80,
  spec: null,
  role: null,
  race: null,
  guild_rank: null,
  team_rank: null,
  item_level: null,
  item_level_equipped: null,
  mythic_plus_score: null,
  avatar_url: null,
  render_url: null,
  left_guild_at: null,
  retired_at: null,
  ...more,
});

describe('the character merge', () => {
  it('finds one character across realm spellings: name, slug, no spaces, accents', () => {
    const index = new CharacterIndex([known({ id: 'a', name: 'Liadrin', realm: 'Argent Dawn' })]);
    for (const realm of ['argent-dawn', 'ArgentDawn', 'ARGENT DAWN']) {
      expect(index.find({ name: 'liadrin', realm })?.id).toBe('a');
    }
    expect(index.find({ name: 'Liadrín', realm: 'Argent Dawn' })).toBeNull();
  });

  it('finds a character of a non-Latin realm named by its slug once Battle.net has paired slug and name', () => {
    const index = new CharacterIndex(
      [known({ id: 'b', name: 'Вася', realm: 'Гордунни' })],
      [{ name: 'Гордунни', slug: 'gordunni' }],
    );
    expect(index.find({ name: 'Вася', realm: 'Gordunni', realmSlug: 'gordunni' })?.id).toBe('b');
    expect(index.find({ name: 'вася', realm: 'Гордунни' })?.id).toBe('b');
  });

  it('prefers the Battle.net id, and keeps apart a name another id now owns', () => {
    const index = new CharacterIndex([
      known({ id: 'c', name: 'Renamed', realm: 'Ravencrest', battlenet_id: '7' }),
      known({ id: 'd', name: 'Taken', realm: 'Ravencrest', battlenet_id: '8' }),
    ]);
    expect(index.find({ name: 'NewName', realm: 'Ravencrest', battlenetId: '7' })?.id).toBe('c');
    expect(index.find({ name: 'Taken', realm: 'Ravencrest', battlenetId: '9' })).toBeNull();
  });

  it('reports a second class as a conflict and lists what changes', () => {
    const index = new CharacterIndex([known({ id: 'e', name: 'Thrall', realm: 'Ravencrest', class: 'Shaman', level: 70 })]);
    const plan = planCharacter(
      index,
      { name: 'Thrall', realm: 'Ravencrest', className: 'Warrior', fields: { level: 80, guild_rank: 0 } },
      'battlenet',
    );
    expect(plan.status).toBe('changed');
    expect(plan.changes).toEqual({ level: 80, guild_rank: 0 });
    expect(plan.changeText).toEqual(['level 70 → 80', 'rank set']);
    expect(plan.conflict).toBe('Thrall-Ravencrest is a Shaman here, but this source says Warrior: the class was kept');
  });
});
