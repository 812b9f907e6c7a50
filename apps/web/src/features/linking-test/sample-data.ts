import { CHARACTER_SOURCE_TYPES, pick, seededRandom, shuffled, type WowClass } from '@guildhall/contract';
import type { LinkingData, SampleCharacter, SampleChatUser, SampleLinkedCharacter } from './linking-types';

const SEED = 20_240_917;
const DAY_MS = 24 * 60 * 60 * 1000;

const SPECS: Record<WowClass, readonly string[]> = {
  'Death Knight': ['Blood', 'Frost', 'Unholy'],
  'Demon Hunter': ['Havoc', 'Vengeance'],
  Druid: ['Balance', 'Feral', 'Guardian', 'Restoration'],
  Evoker: ['Devastation', 'Preservation', 'Augmentation'],
  Hunter: ['Beast Mastery', 'Marksmanship', 'Survival'],
  Mage: ['Arcane', 'Fire', 'Frost'],
  Monk: ['Brewmaster', 'Mistweaver', 'Windwalker'],
  Paladin: ['Holy', 'Protection', 'Retribution'],
  Priest: ['Discipline', 'Holy', 'Shadow'],
  Rogue: ['Assassination', 'Outlaw', 'Subtlety'],
  Shaman: ['Elemental', 'Enhancement', 'Restoration'],
  Warlock: ['Affliction', 'Demonology', 'Destruction'],
  Warrior: ['Arms', 'Fury', 'Protection'],
};
const CLASSES = Object.keys(SPECS) as WowClass[];

/** The page's two sample sets: Latin names, or names in the scripts of Russian, Chinese, Korean and Japanese players. */
export const SAMPLE_SETS = ['latin', 'cross-script'] as const;
export type SampleSet = (typeof SAMPLE_SETS)[number];

/** A chat user of a sample set, before its id and dates are drawn. */
interface SampleUser {
  username: string;
  globalName: string | null;
  nickname: string | null;
  discriminator: string;
}

/** One sample set: 46 character names (the last 6 start linked), 8 chat users and the realms. */
interface SampleSetNames {
  names: readonly string[];
  users: readonly SampleUser[];
  servers: readonly string[];
}

const LATIN_NAMES = [
  'Aelindra',
  'Bramblehoof',
  'Caelthas',
  'Dawnwhisper',
  'Elowen',
  'Frostmere',
  'Glitchwing',
  'Hollowfang',
  'Ironbark',
  'Jinzara',
  'Kaelwyn',
  'Lockheart',
  'Mirelle',
  'Nightbloom',
  'Oakenshield',
  'Pyreth',
  'Quillon',
  'Ravencrest',
  'Sylvanor',
  'Thunderhoof',
  'Umbravoke',
  'Vaelric',
  'Wyrmbane',
  'Xalatria',
  'Yseren',
  'Zephyrine',
  'Ashvale',
  'Bloodthorn',
  'Cindermaw',
  'Duskmantle',
  'Emberlyn',
  'Felrose',
  'Gravewind',
  'Hexley',
  'Icemourne',
  'Jadeclaw',
  'Kragthar',
  'Lunastra',
  'Mossbeard',
  'Nethrin',
  'Orinthal',
  'Pellara',
  'Quenthis',
  'Runeforge',
  'Starweaver',
  'Thalorin',
] as const;

/**
 * The simulation's deliberate failures by name index (Glitchwing and Lockheart in the Latin set), so error rows and
 * Retry can be tried (spec 2 §4).
 */
const FAILURES: Record<number, Pick<SampleCharacter, 'failLinks' | 'failureReason'>> = {
  6: { failLinks: 1, failureReason: 'Armory lookup timed out (simulated): the first link fails, a retry succeeds' },
  11: {
    failLinks: 'always',
    failureReason: 'Character is locked by a pending realm transfer (simulated): linking always fails',
  },
};

const LATIN_USERS: readonly SampleUser[] = [
  { username: 'kaelthorn', globalName: 'Kael Thorn', nickname: null, discriminator: '0' },
  { username: 'mistvale', globalName: 'Mistvale', nickname: 'Misty | Healer', discriminator: '0' },
  { username: 'oldguard_bren', globalName: null, nickname: null, discriminator: '4821' },
  { username: 'sylra.moon', globalName: 'Sylra', nickname: '[RQM] Sylra', discriminator: '0' },
  { username: 'thundertusk', globalName: 'Thundertusk', nickname: null, discriminator: '0' },
  { username: 'velathria', globalName: 'Vel', nickname: 'Velathria (Main/Alt)', discriminator: '0' },
  { username: 'grimsby77', globalName: 'Grimsby', nickname: null, discriminator: '0' },
  { username: 'nyxaria', globalName: 'Nyx ✨', nickname: null, discriminator: '0' },
];

/**
 * Characters named in Cyrillic, Chinese, Hangul and kana with Latin Discord names, and Latin characters with
 * Cyrillic display names: what the matcher's transliteration links (issue 35), to try the linking by hand. The
 * linked six are the right pairs (Громмаш for grommash_ru); Volkodav, 李白, 지훈 and 민수 wait for their users.
 */
const CROSS_SCRIPT: SampleSetNames = {
  names: [
    'Volkodav',
    '李白',
    '지훈',
    '민수',
    'Ярослава',
    '王小龙',
    'ゆうき',
    'Светозар',
    '张伟',
    '서연',
    'Огнегрив',
    'ひかり',
    'Ледогор',
    '陈静',
    '하늘빛',
    'Тенелов',
    '刘洋',
    'カズマ',
    'Волчица',
    '月影',
    '검은달',
    'Хранитель',
    '风行者',
    'ミコト',
    'Жрица',
    '龙魂',
    '불꽃',
    'Щитоносец',
    '白虎',
    'はやて',
    'Юлианна',
    '은하수',
    'Цирилла',
    'Kazimir',
    'Шаманка',
    '별빛',
    'Zhenya',
    'Ёжик',
    'Mishka',
    'Yaroslav',
    'Громмаш',
    'Громмашдк',
    '小明',
    'さくら',
    'サクラ',
    'Снежинка',
  ],
  users: [
    { username: 'grommash_ru', globalName: 'Grommash', nickname: null, discriminator: '0' },
    { username: 'xiaoming', globalName: 'Xiao Ming', nickname: 'Xiaoming | Healer', discriminator: '0' },
    { username: 'minsu.kr', globalName: null, nickname: null, discriminator: '4821' },
    { username: 'sakura_jp', globalName: 'Sakura', nickname: '[RQM] Sakura', discriminator: '0' },
    { username: 'volkodav_tank', globalName: 'Волкодав', nickname: null, discriminator: '0' },
    { username: 'snezhinka', globalName: 'Snezhinka', nickname: 'Snezhinka (Main/Alt)', discriminator: '0' },
    { username: 'li.bai', globalName: 'Li Bai', nickname: null, discriminator: '0' },
    { username: 'jihoon', globalName: 'Jihoon ✨', nickname: null, discriminator: '0' },
  ],
  servers: ['Гордунни', 'Ревущий фьорд', '世界之樹', '아즈샤라', 'Azshara'],
};

const SETS: Record<SampleSet, SampleSetNames> = {
  latin: { names: LATIN_NAMES, users: LATIN_USERS, servers: ['Stormrage', 'Area 52', 'Moon Guard', 'Illidan', 'Tarren Mill'] },
  'cross-script': CROSS_SCRIPT,
};

/** Which sample characters start linked, and to which user (by index): two for some users, the first primary. */
const INITIAL_LINKS: [characterIndex: number, userIndex: number][] = [
  [40, 0],
  [41, 0],
  [42, 1],
  [43, 3],
  [44, 3],
  [45, 5],
];

function discordId(random: () => number): string {
  const length = pick(random, [17, 18, 19]);
  let id = String(1 + Math.floor(random() * 9));
  while (id.length < length) id += String(Math.floor(random() * 10));
  return id;
}

function sampleCharacter(random: () => number, set: SampleSetNames, index: number, now: Date): SampleCharacter {
  const name = set.names[index] ?? `Sample${index}`;
  const characterClass = pick(random, CLASSES);
  const level = random() < 0.75 ? 80 : 10 + Math.floor(random() * 70);
  const overall = level === 80 ? 600 + Math.floor(random() * 80) : Math.max(100, level * 7);
  const hasItemLevel = index % 9 !== 4;
  const daysAgo = Math.floor(random() * 120);
  const sourceCount = 1 + Math.floor(random() * 3);
  const sourceTypes = shuffled(random, CHARACTER_SOURCE_TYPES).slice(0, sourceCount);
  return {
    id: `char-${String(index + 1).padStart(3, '0')}`,
    name,
    level,
    class: characterClass,
    spec: pick(random, SPECS[characterClass]),
    server: pick(random, set.servers),
    itemLevel: hasItemLevel ? { overall, equipped: overall - Math.floor(random() * 6) } : null,
    armoryAvatarUrl: '',
    lastActivityDate: index % 11 === 7 ? null : new Date(now.getTime() - daysAgo * DAY_MS).toISOString(),
    sources: sourceTypes.map((sourceType) => ({ sourceType, occurrenceCount: 1 + Math.floor(random() * 40) })),
    ...FAILURES[index],
  };
}

/** The link of a character to a user, as the user's card lists it. */
export function linkedEntry(
  character: SampleCharacter,
  linkNumber: number,
  isPrimary: boolean,
  linkedAt: string,
): SampleLinkedCharacter {
  return {
    id: character.id,
    name: character.name,
    class: character.class,
    spec: character.spec,
    level: character.level,
    server: character.server,
    linkId: `link-${linkNumber}`,
    priority: 'main',
    confidence: 100,
    linkType: 'manual',
    linkedAt,
    isPrimary,
  };
}

/** The test page's sample data: 46 characters (40 unlinked) and 8 chat users; the same on every call. */
export function createSampleData(now: Date = new Date(), sampleSet: SampleSet = 'latin'): LinkingData {
  const random = seededRandom(SEED);
  const set = SETS[sampleSet];
  const characters = set.names.map((_, index) => sampleCharacter(random, set, index, now));
  const users: SampleChatUser[] = set.users.map((user, index) => ({
    id: discordId(random),
    username: user.username,
    globalName: user.globalName,
    displayName: user.nickname ?? user.globalName ?? user.username,
    discriminator: user.discriminator,
    avatar: null,
    lastLogin: new Date(now.getTime() - (index + 1) * 3 * DAY_MS).toISOString(),
    isActive: index !== 6,
    verified: index !== 2,
    linkedCharacters: [],
  }));
  let nextLinkNumber = 1;
  for (const [characterIndex, userIndex] of INITIAL_LINKS) {
    const character = characters[characterIndex];
    const user = users[userIndex];
    if (!character || !user) continue;
    const linkedAt = new Date(now.getTime() - (30 - nextLinkNumber) * DAY_MS).toISOString();
    user.linkedCharacters.push(linkedEntry(character, nextLinkNumber++, user.linkedCharacters.length === 0, linkedAt));
  }
  const failuresLeft: LinkingData['failuresLeft'] = {};
  for (const character of characters) if (character.failLinks !== undefined) failuresLeft[character.id] = character.failLinks;
  return { characters, users, failuresLeft, nextLinkNumber };
}
