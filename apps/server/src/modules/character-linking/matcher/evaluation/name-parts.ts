// Parts the generated players are built from: WoW-like names from syllables, realms, guild tags, role labels,
// nickname decoration and Discord handles. Shared with bench/matcher.ts.

const FIRST = [
  ...['Ka', 'Zul', 'Mor', 'Tha', 'Vel', 'Bra', 'Ael', 'Gor', 'Syr', 'Dra', 'Fen', 'Ily', 'Kor', 'Lor', 'Mal', 'Nar'],
  ...['Que', 'Ran', 'Sha', 'Tor', 'Ury', 'Vor', 'Xan', 'Yse', 'Zer', 'Bel', 'Cor', 'Dor', 'Eli', 'Gal', 'Hal', 'Ith'],
  ...['Jor', 'Kal', 'Lyn', 'Mir', 'Nor', 'Oru', 'Pel', 'Riv', 'Sar', 'Tal', 'Ulf', 'Val', 'Wyn', 'Yor', 'Bri', 'Cal'],
];
const SECOND = [
  ...['dris', 'gar', 'ion', 'wyn', 'mir', 'ros', 'dan', 'nara', 'thor', 'lis', 'vash', 'kor', 'rah', 'ven', 'dor'],
  ...['wen', 'rik', 'sha', 'lan', 'tis', 'mos', 'ril', 'gon', 'dra', 'mund', 'leth', 'zara', 'bek', 'rin', 'tha'],
];

/** Every name the syllables make, in a fixed order (about 1,400). */
export const SYLLABLE_NAMES: readonly string[] = FIRST.flatMap((first) => SECOND.map((second) => first + second));

export const REALMS = [
  ...['Silvermoon', 'Draenor', 'Argent Dawn', 'Twisting Nether', 'Kazzak', 'Ravencrest', 'Area 52', 'Tarren Mill'],
  ...['Stormrage', "Kel'Thuzad", 'Outland', 'Sylvanas'],
];

export const GUILD_TAGS = ['[KoD]', '<Nova>', '[DR]', '{Ember}', '<Vanguard>', '[TSA]'];
export const ROLE_LABELS = [' | Tank', ' - Healer', ' • Raid Lead', ' (Resto)', ' / DPS', ' | Officer'];
export const EMOJI_STYLES = ['✨{}✨', '🔥 {}', '{} 🐉', '꧁{}꧂', '★ {} ★', '{} 💤'];
export const ROLE_WORDS_GLUED = ['Holy{}', '{}Tank', 'The{}', '{}Heals'];
export const FIRST_NAMES = ['Tom', 'Anna', 'Lukas', 'Marie', 'Jonas', 'Sofia', 'Ben', 'Lea', 'Max', 'Nina', 'Paul', 'Eva'];
export const SURNAMES = ['Stormwind', 'Blackhand', 'Dawnbringer', 'Ironfist', 'Frostwhisper', 'Duskblade'];
const HANDLE_WORDS = ['shadow', 'quiet', 'storm', 'pixel', 'lazy', 'night', 'frosty', 'crimson', 'silent', 'lucky'];
const HANDLE_ENDS = ['fox', 'owl', 'wolf', 'gamer', 'byte', 'cat', 'bear', 'raven', 'panda', 'otter'];

/** A Discord handle with nothing of a character name in it ('quietowl42'). */
export function unrelatedHandle(random: () => number): string {
  const word = HANDLE_WORDS[Math.floor(random() * HANDLE_WORDS.length)]!;
  const end = HANDLE_ENDS[Math.floor(random() * HANDLE_ENDS.length)]!;
  return `${word}${end}${Math.floor(random() * 100)}`;
}

// Russian players write Latin names in Cyrillic by sound.
const TO_CYRILLIC: [string, string][] = [
  ['th', 'т'],
  ['sh', 'ш'],
  ['ch', 'ч'],
  ['ph', 'ф'],
  ['a', 'а'],
  ['b', 'б'],
  ['c', 'к'],
  ['d', 'д'],
  ['e', 'е'],
  ['f', 'ф'],
  ['g', 'г'],
  ['h', 'х'],
  ['i', 'и'],
  ['j', 'дж'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['q', 'к'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['v', 'в'],
  ['w', 'в'],
  ['x', 'кс'],
  ['y', 'и'],
  ['z', 'з'],
];

/** A Latin name as a Russian player would spell it ('Thalis' → 'Талис'). */
export function toCyrillic(name: string): string {
  let rest = name.toLowerCase();
  let cyrillic = '';
  while (rest) {
    const [latin, letter] = TO_CYRILLIC.find(([from]) => rest.startsWith(from)) ?? [rest[0]!, rest[0]!];
    cyrillic += letter;
    rest = rest.slice(latin.length);
  }
  return cyrillic.charAt(0).toUpperCase() + cyrillic.slice(1);
}

const SMALL_CAPITALS: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwyz'].map((letter, index) => [letter, [...'ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘǫʀꜱᴛᴜᴠᴡʏᴢ'][index]!]),
);

/** A name in one of the "fonts" nickname generators offer: small capitals, fullwidth or mathematical bold. */
export function inFont(name: string, font: number): string {
  const letters = [...name];
  if (font % 3 === 0) return letters.map((letter) => SMALL_CAPITALS[letter.toLowerCase()] ?? letter).join('');
  const base = font % 3 === 1 ? 0xff21 : 0x1d400;
  return letters
    .map((letter) => {
      const code = letter.charCodeAt(0);
      if (code >= 65 && code <= 90) return String.fromCodePoint(base + code - 65);
      if (code >= 97 && code <= 122) return String.fromCodePoint(base + (font % 3 === 1 ? 32 : 26) + code - 97);
      return letter;
    })
    .join('');
}

/** A vowel of the name with an accent, as players do for a taken name ('Kadris' → 'Kadrís'). */
export function withAccent(name: string): string {
  const accented: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú', y: 'ý' };
  let index = name.length - 1;
  while (index >= 0 && !(name[index]! in accented)) index--;
  if (index < 0) return name;
  return name.slice(0, index) + accented[name[index]!] + name.slice(index + 1);
}
