import { describe, expect, it } from 'vitest';
import { normalizeName } from '.';

describe('normalizeName', () => {
  it.each([
    ['Arthas', 'arthas'],
    ['ARTHAS', 'arthas'],
    ['Ârthás', 'arthas'],
    ['[KoD] Arthas', 'arthas'],
    ['<Tag> Arthas', 'arthas'],
    ['{DR} Arthas', 'arthas'],
    ['(Arthas)', 'arthas'],
    ['[Arthas]', 'arthas'],
    ['Arthas | Tank', 'arthas'],
    ['Arthas - Healer', 'arthas'],
    ['Arthas • Raid Lead', 'arthas'],
    ['Arthas (Resto)', 'arthas'],
    ['arthas_the_tank', 'arthas'],
    ['✨Arthas✨', 'arthas'],
    ['🔥 Arthas 🔥', 'arthas'],
    ['꧁Arthas꧂', 'arthas'],
    ['xXArthasXx', 'arthas'],
    ['Arthas-Area52', 'arthas'],
    ['Arthas-Silvermoon', 'arthas'],
    ['arthas1987', 'arthas'],
    ['HolyArthas', 'arthas'],
    ['ArthasTank', 'arthas'],
    ['Arthas/Jaina', 'arthas'],
    ['𝓐𝓻𝓽𝓱𝓪𝓼', 'arthas'],
    ['ᴀʀᴛʜᴀꜱ', 'arthas'],
    ['ＡＲＴＨＡＳ', 'arthas'],
    ["Kel'thas", 'kelthas'],
    ['Straße', 'strasse'],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeName(raw)).toBe(expected);
  });

  it('keeps other scripts as they are, lower-cased', () => {
    expect(normalizeName('아서스')).toBe('아서스');
    expect(normalizeName('Артас')).toBe('артас');
    expect(normalizeName('阿尔萨斯 | 坦克')).toBe('阿尔萨斯');
  });

  it('drops x decoration only when both ends carry it', () => {
    expect(normalizeName('Xerxes')).toBe('xerxes');
    expect(normalizeName('Maxx')).toBe('maxx');
  });

  it('keeps two names glued in camel case whole', () => {
    expect(normalizeName('McArthur')).toBe('mcarthur');
  });
});
