import { describe, expect, it } from 'vitest';
import { type CharacterMatch, confidenceBand, findMatches, type MatchCharacter, type MatchMember } from '.';

let nextId = 0;
const character = (name: string, extra: Partial<MatchCharacter> = {}): MatchCharacter => ({
  id: `c${nextId++}`,
  name,
  realm: 'Silvermoon',
  guildNote: null,
  officerNote: null,
  ...extra,
});
const member = (nickname: string | null, extra: Partial<MatchMember> = {}): MatchMember => ({
  id: `m${nextId++}`,
  username: 'someone',
  globalName: null,
  nickname,
  ...extra,
});
/** The best match of one character against the members, or null. */
const best = (target: MatchCharacter, members: MatchMember[], others: MatchCharacter[] = []): CharacterMatch | null =>
  findMatches([target, ...others], members, { minScore: 0 }).find((match) => match.characterId === target.id) ?? null;
const scoreOf = (name: string, nickname: string) => best(character(name), [member(nickname)])?.score ?? 0;

describe('findMatches: names', () => {
  it('scores an exact nickname 1 and says which string matched', () => {
    const arthas = member('Arthas', { username: 'lichking', globalName: 'Lich' });
    expect(best(character('Arthas'), [arthas])).toMatchObject({ score: 1, matchedAgainst: 'nickname' });
  });

  it('picks the field that gave the best score', () => {
    const arthas = member('Tom', { username: 'arthas_lk', globalName: 'Arthas' });
    expect(best(character('Arthas'), [arthas])?.matchedAgainst).toBe('globalName');
  });

  it.each(['[KoD] Arthas', 'Arthas | Tank', 'Arthas - Healer', 'Arthas • Raid Lead', '✨Arthas✨', 'xXArthasXx', 'ᴀʀᴛʜᴀꜱ'])(
    'puts a tagged, separated or decorated %s in the high band',
    (nickname) => expect(confidenceBand(scoreOf('Arthas', nickname))).toBe('high'),
  );

  it('folds accents for scoring, a little below an exact match', () => {
    expect(scoreOf('Ârthás', 'arthas')).toBe(0.98);
    expect(scoreOf('Ârthás', 'Ârthás')).toBe(1);
  });

  it('keeps a near-miss below the apply threshold: a class suffix is medium at best', () => {
    expect(scoreOf('Arthas', 'Arthasdk')).toBeLessThan(0.95);
    expect(scoreOf('Arthas', 'Arthasdk')).toBeGreaterThanOrEqual(0.8);
    expect(scoreOf('Arthasdk', 'Arthas')).toBeLessThan(0.95);
    expect(scoreOf('Arthas', 'Arthass')).toBeLessThan(0.95);
    expect(scoreOf('Arthas', 'Darthas')).toBeLessThan(0.8);
  });

  it('takes a name one typing step away for medium or low, and two steps for nothing', () => {
    expect(confidenceBand(scoreOf('Arthas', 'Arthass'))).toBe('medium');
    expect(confidenceBand(scoreOf('Arthas', 'Artahs'))).not.toBeNull();
    expect(scoreOf('Korthor', 'Korlethor')).toBeLessThan(0.8);
  });

  it('needs exact equality for names of three letters or fewer', () => {
    expect(scoreOf('Bo', 'Bo')).toBe(1);
    expect(scoreOf('Bo', 'Bob')).toBe(0);
    expect(scoreOf('Kel', 'Kelthas')).toBe(0);
  });

  it('never takes a role or class word for a name', () => {
    expect(scoreOf('Tank', 'Arthas | Tank')).toBe(0);
    expect(scoreOf('Holy', 'Holy Priest')).toBe(0);
    expect(scoreOf('Frost', 'Frost')).toBeLessThan(0.95);
  });

  it('keeps a name with a number glued on below the apply threshold (the plain name was taken)', () => {
    expect(confidenceBand(scoreOf('Arthas', 'arthas1987'))).toBe('medium');
  });

  it('meets a Cyrillic nickname through transliteration, never in the high band', () => {
    expect(confidenceBand(scoreOf('Arthas', 'Артас'))).toBe('medium');
    expect(confidenceBand(scoreOf('Thrall', 'Тралл'))).toBe('medium');
  });

  it('matches names in other scripts exactly', () => {
    expect(scoreOf('아서스', '아서스')).toBe(1);
  });

  it('uses a Name-Realm suffix: same realm counts, another realm of the guild does not', () => {
    const ours = character('Illidan', { realm: 'Silvermoon' });
    const theirs = character('Illidan', { realm: 'Draenor' });
    const silvermoon = member('Illidan-Silvermoon');
    expect(best(ours, [silvermoon], [theirs])?.score).toBe(0.99);
    expect(best(theirs, [silvermoon], [ours])?.score).toBeLessThan(0.85);
  });

  it('keeps a name the guild has on two realms out of the high band when the member does not say which', () => {
    const ours = character('Tyrande', { realm: 'Silvermoon' });
    const theirs = character('Tyrande', { realm: 'Draenor' });
    expect(best(ours, [member('Tyrande')], [theirs])?.score).toBe(0.9);
  });
});

describe('findMatches: notes', () => {
  const arthas = member('[KoD] Arthas', { username: 'lichking' });
  it.each(['alt of Arthas', "Arthas's alt", 'Main: Arthas', 'main arthas', 'Alt to Arthas-Silvermoon'])(
    "links the alt to the main's member on '%s'",
    (note) => {
      const match = best(character('Calia', { guildNote: note }), [arthas, member('Calia', { username: 'calia' })]);
      expect(match).toMatchObject({ memberId: arthas.id, matchedAgainst: 'note' });
      expect(match!.score).toBeGreaterThanOrEqual(0.95);
    },
  );

  it.each(['disc: lichking', '@lichking', 'lichking#1234', 'Discord: LichKing'])('links by the Discord name in "%s"', (note) => {
    expect(best(character('Falric', { officerNote: note }), [arthas])).toMatchObject({ memberId: arthas.id, score: 0.97 });
  });

  it('caps a name-only match to a stranger when the note names another owner', () => {
    const stranger = member('Calia', { username: 'calia' });
    const calia = character('Calia', { guildNote: 'alt of Arthas' });
    const onStranger = findMatches([calia], [arthas, stranger], { minScore: 0 }).find((m) => m.memberId === stranger.id);
    expect(onStranger?.score).toBe(0.9);
  });

  it('lifts a weak name match when the note agrees', () => {
    const khadgar = member('Khadgar • Raid Lead');
    const alone = best(character('Khadgarr'), [khadgar])!.score;
    const withNote = best(character('Khadgarr', { officerNote: 'main: Khadgar' }), [khadgar])!.score;
    expect(alone).toBeLessThan(0.95);
    expect(withNote).toBeGreaterThan(alone);
  });

  it('trusts a loose "X alt" less', () => {
    expect(best(character('Moira', { guildNote: 'Arthas alt' }), [arthas])?.score).toBe(0.9);
  });

  it('does not read role words as names in notes', () => {
    expect(best(character('Calia', { guildNote: 'main tank, bank alt' }), [member('Tank'), member('Bank')])).toBeNull();
  });
});

describe('findMatches: characters linked already', () => {
  it("sends an alt to the member its linked main belongs to, whatever the member's name", () => {
    const tom = member('Tom');
    const calia = character('Calia', { guildNote: 'alt of Arthas' });
    const linkedCharacters = [{ name: 'Arthas', realm: 'Silvermoon', memberId: tom.id }];
    expect(findMatches([calia], [tom], { linkedCharacters })).toMatchObject([
      { memberId: tom.id, score: 0.97, matchedAgainst: 'note' },
    ]);
  });

  it('counts a linked name on another realm as a second character of that name', () => {
    const tyrande = member('Tyrande');
    const linkedCharacters = [{ name: 'Tyrande', realm: 'Silvermoon', memberId: tyrande.id }];
    const stranger = character('Tyrande', { realm: 'Argent Dawn' });
    expect(findMatches([stranger], [tyrande], { linkedCharacters })[0]?.score).toBe(0.9);
  });
});

describe('findMatches: output', () => {
  it('leaves out pairs under minScore (0.8 by default) and sorts best first', () => {
    const characters = [character('Arthas'), character('Arthasdk'), character('Jaina')];
    const matches = findMatches(characters, [member('Arthas')]);
    expect(matches.map((m) => m.score)).toEqual([1, 0.88]);
  });

  it('finds the same matches without pruning', () => {
    const characters = ['Arthas', 'Jaina', 'Khadgarr', 'Bo', 'Sylvanas'].map((name) =>
      character(name, { guildNote: 'alt of Bo' }),
    );
    const members = ['Arthas | Tank', 'Jaína', 'Khadgar', 'Bo', 'Сильвана', 'Bob'].map((nickname) => member(nickname));
    expect(findMatches(characters, members, { prune: false })).toEqual(findMatches(characters, members));
  });
});

describe('findMatches: across scripts', () => {
  it('links a name in its own script to its Latin spelling, saying how it was read', () => {
    const grommash = best(character('Громмаш'), [member(null, { username: 'grommash' })]);
    expect(grommash).toMatchObject({ score: 0.95, matchedAgainst: 'username' });
    expect(grommash?.evidence).toContain('transliterated: Громмаш → grommash');
    expect(best(character('Volkodav'), [member('Волкодав')])?.evidence).toContain('transliterated: Волкодав → volkodav');
  });

  it.each([
    ['Хаос', 'khaos'],
    ['Хаос', 'haos'],
    ['Хаос', 'xaos'],
    ['Царица', 'tsaritsa'],
    ['Царица', 'carica'],
    ['Жнец', 'jnec'],
    ['Щукарь', 'schukar'],
    ['Юлия', 'julija'],
    ['Ёжик', 'yozhik'],
    ['小明', 'xiaoming'],
    ['王小明', 'Wang Xiaoming'],
    ['王小明', 'wang.xiaoming'],
    ['민수', 'minsu'],
    ['김민준', 'kimminjun'],
    ['지훈', 'jihoon'],
    ['さくら', 'sakura'],
    ['ゆうき', 'yuki'],
    ['Minho', '민호'],
    ['Kaede', 'かえで'],
  ])('reads %s as %s, in the high band', (name, nickname) => {
    expect(confidenceBand(scoreOf(name, nickname))).toBe('high');
  });

  it.each([
    ['Снежинка', 'snezhok'],
    ['小明', 'xiaomei'],
    ['민수', 'minseo'],
    ['さくら', 'sakuya'],
  ])('keeps the near miss %s / %s out of the bands', (name, nickname) => {
    expect(scoreOf(name, nickname)).toBeLessThan(0.8);
  });

  it('never lets a transliteration outrank the same name in the same script', () => {
    const sakuraKana = character('さくら');
    const sakuraLatin = character('Sakura');
    const latinPlayer = member(null, { username: 'sakura' });
    const kanaPlayer = member('さくら');
    expect(best(sakuraLatin, [latinPlayer, kanaPlayer], [sakuraKana])?.memberId).toBe(latinPlayer.id);
    expect(best(sakuraKana, [latinPlayer, kanaPlayer], [sakuraLatin])).toMatchObject({ memberId: kanaPlayer.id, score: 1 });
  });

  it('keeps a transliteration below the high band when another character is spelled the same in Latin letters', () => {
    const xiaoming = character('小明');
    const namesake = character('晓明');
    expect(best(xiaoming, [member('xiaoming')], [namesake])?.score).toBe(0.9);
  });
});
