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
const SERVERS = ['Stormrage', 'Area 52', 'Moon Guard', 'Illidan', 'Tarren Mill'] as const;

/** 46 names: 40 start unlinked, 6 start linked. */
const NAMES = [
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

/** The simulation's deliberate failures, so error rows and Retry can be tried (spec 2 §4). */
const FAILURES: Record<string, Pick<SampleCharacter, 'failLinks' | 'failureReason'>> = {
  Glitchwing: { failLinks: 1, failureReason: 'Armory lookup timed out (simulated): the first link fails, a retry succeeds' },
  Lockheart: {
    failLinks: 'always',
    failureReason: 'Character is locked by a pending realm transfer (simulated): linking always fails',
  },
};

const USERS = [
  { username: 'kaelthorn', globalName: 'Kael Thorn', nickname: null, discriminator: '0' },
  { username: 'mistvale', globalName: 'Mistvale', nickname: 'Misty | Healer', discriminator: '0' },
  { username: 'oldguard_bren', globalName: null, nickname: null, discriminator: '4821' },
  { username: 'sylra.moon', globalName: 'Sylra', nickname: '[RQM] Sylra', discriminator: '0' },
  { username: 'thundertusk', globalName: 'Thundertusk', nickname: null, discriminator: '0' },
  { username: 'velathria', globalName: 'Vel', nickname: 'Velathria (Main/Alt)', discriminator: '0' },
  { username: 'grimsby77', globalName: 'Grimsby', nickname: null, discriminator: '0' },
  { username: 'nyxaria', globalName: 'Nyx ✨', nickname: null, discriminator: '0' },
] as const;

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

function sampleCharacter(random: () => number, index: number, now: Date): SampleCharacter {
  const name = NAMES[index] ?? `Sample${index}`;
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
    server: pick(random, SERVERS),
    itemLevel: hasItemLevel ? { overall, equipped: overall - Math.floor(random() * 6) } : null,
    armoryAvatarUrl: '',
    lastActivityDate: index % 11 === 7 ? null : new Date(now.getTime() - daysAgo * DAY_MS).toISOString(),
    sources: sourceTypes.map((sourceType) => ({ sourceType, occurrenceCount: 1 + Math.floor(random() * 40) })),
    ...FAILURES[name],
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
export function createSampleData(now: Date = new Date()): LinkingData {
  const random = seededRandom(SEED);
  const characters = NAMES.map((_, index) => sampleCharacter(random, index, now));
  const users: SampleChatUser[] = USERS.map((user, index) => ({
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
