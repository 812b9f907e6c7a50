import { CHARACTER_SOURCE_TYPES } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { linkCharacter, ownerOf, unlinkCharacter, unlinkedCharacters } from './linking-data';
import type { LinkingData } from './linking-types';
import { createSampleData } from './sample-data';

const NOW = new Date('2026-11-20T12:00:00Z');
const idOf = (data: LinkingData, name: string) => {
  const character = data.characters.find((candidate) => candidate.name === name);
  if (!character) throw new Error(`no sample character ${name}`);
  return character.id;
};
const plainCharacter = (data: LinkingData) => {
  const character = unlinkedCharacters(data).find((candidate) => candidate.itemLevel && !candidate.failLinks);
  if (!character) throw new Error('no plain character');
  return character;
};

describe('sample data', () => {
  const data = createSampleData(NOW);

  it('has 40 unlinked characters and 8 chat users, the same on every call', () => {
    expect(unlinkedCharacters(data)).toHaveLength(40);
    expect(data.users).toHaveLength(8);
    expect(createSampleData(NOW)).toEqual(data);
  });

  it('fills the fields of spec 2 §3', () => {
    for (const user of data.users) expect(user.id).toMatch(/^[1-9]\d{16,18}$/);
    expect(new Set(data.users.map((user) => user.id)).size).toBe(8);
    expect(data.users.some((user) => user.discriminator !== '0')).toBe(true);
    for (const character of data.characters) {
      expect(character.armoryAvatarUrl).toBe('');
      expect(character.level).toBeGreaterThanOrEqual(1);
      expect(character.level).toBeLessThanOrEqual(80);
      expect(character.sources.length).toBeGreaterThan(0);
      for (const source of character.sources) expect(CHARACTER_SOURCE_TYPES).toContain(source.sourceType);
    }
    expect(data.characters.some((character) => character.itemLevel === null)).toBe(true);
  });

  it('starts some users with links, the first of each primary', () => {
    const withLinks = data.users.filter((user) => user.linkedCharacters.length > 0);
    expect(withLinks.length).toBeGreaterThan(1);
    for (const user of withLinks)
      expect(user.linkedCharacters.map((linked) => linked.isPrimary)).toEqual(user.linkedCharacters.map((_, i) => i === 0));
  });
});

describe('the cross-script sample set', () => {
  const data = createSampleData(NOW, 'cross-script');
  const byUsername = (username: string) => data.users.find((user) => user.username === username);

  it('has as many characters and users as the Latin set, with names a game allows (letters, at most 12)', () => {
    expect(unlinkedCharacters(data)).toHaveLength(40);
    expect(data.users).toHaveLength(8);
    for (const character of data.characters) expect(character.name).toMatch(/^\p{L}{2,12}$/u);
    expect(new Set(data.characters.map((character) => character.name)).size).toBe(data.characters.length);
  });

  it('holds names in each script and starts with the right cross-script pairs linked', () => {
    const names = data.characters.map((character) => character.name).join('');
    for (const script of [
      /\p{Script=Cyrillic}/u,
      /\p{Script=Han}/u,
      /\p{Script=Hangul}/u,
      /\p{Script=Hiragana}/u,
      /\p{Script=Katakana}/u,
    ])
      expect(names).toMatch(script);
    expect(byUsername('grommash_ru')?.linkedCharacters.map((linked) => linked.name)).toEqual(['Громмаш', 'Громмашдк']);
    expect(byUsername('sakura_jp')?.linkedCharacters.map((linked) => linked.name)).toEqual(['さくら', 'サクラ']);
    expect(byUsername('volkodav_tank')?.globalName).toBe('Волкодав');
    expect(unlinkedCharacters(data).map((character) => character.name)).toContain('Volkodav');
  });

  it('keeps a character that fails once and one that always fails', () => {
    expect(data.characters.filter((character) => character.failLinks === 1)).toHaveLength(1);
    expect(data.characters.filter((character) => character.failLinks === 'always')).toHaveLength(1);
  });
});

describe('simulated linking', () => {
  it('makes the first linked character of a user primary, the next not', () => {
    let data = createSampleData(NOW);
    const user = data.users.find((candidate) => candidate.linkedCharacters.length === 0);
    if (!user) throw new Error('no user without links');
    const first = plainCharacter(data);
    const one = linkCharacter(data, first.id, user.id, NOW);
    expect(one.status).toBe('success');
    expect(one.message).toBe(`${first.name} linked to ${user.displayName} as primary`);
    data = one.data;
    const second = plainCharacter(data);
    const two = linkCharacter(data, second.id, user.id, NOW);
    expect(ownerOf(two.data, second.id)?.linkedCharacters.map((linked) => [linked.name, linked.isPrimary])).toEqual([
      [first.name, true],
      [second.name, false],
    ]);
  });

  it('fails a flagged character once, then links it on retry', () => {
    const data = createSampleData(NOW);
    const id = idOf(data, 'Glitchwing');
    const userId = data.users[2]?.id ?? '';
    const first = linkCharacter(data, id, userId, NOW);
    expect(first.status).toBe('error');
    expect(first.message).toMatch(/timed out/);
    expect(ownerOf(first.data, id)).toBeUndefined();
    expect(linkCharacter(first.data, id, userId, NOW).status).not.toBe('error');
  });

  it('always fails the locked character', () => {
    let data = createSampleData(NOW);
    const id = idOf(data, 'Lockheart');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const outcome = linkCharacter(data, id, data.users[0]?.id ?? '', NOW);
      expect(outcome.status).toBe('error');
      data = outcome.data;
    }
  });

  it('warns when a character has no item level, or is already linked to that user; refuses another user', () => {
    const data = createSampleData(NOW);
    const noItemLevel = unlinkedCharacters(data).find((character) => character.itemLevel === null && !character.failLinks);
    const [a, b] = data.users;
    if (!noItemLevel || !a || !b) throw new Error('sample data changed');
    const linked = linkCharacter(data, noItemLevel.id, a.id, NOW);
    expect(linked.status).toBe('warning');
    expect(ownerOf(linked.data, noItemLevel.id)?.id).toBe(a.id);
    expect(linkCharacter(linked.data, noItemLevel.id, a.id, NOW).status).toBe('warning');
    const refused = linkCharacter(linked.data, noItemLevel.id, b.id, NOW);
    expect(refused).toMatchObject({ status: 'error', message: `${noItemLevel.name} is already linked to ${a.displayName}` });
  });

  it('promotes the next character when the primary is unlinked', () => {
    const data = createSampleData(NOW);
    const user = data.users.find((candidate) => candidate.linkedCharacters.length === 2);
    const [primary, second] = user?.linkedCharacters ?? [];
    if (!user || !primary || !second) throw new Error('sample data changed');
    const outcome = unlinkCharacter(data, primary.id);
    expect(outcome.status).toBe('success');
    expect(outcome.message).toBe(`${primary.name} unlinked from ${user.displayName}; ${second.name} is now primary`);
    expect(ownerOf(outcome.data, second.id)?.linkedCharacters).toEqual([{ ...second, isPrimary: true }]);
    expect(unlinkCharacter(outcome.data, primary.id).status).toBe('warning');
  });
});
