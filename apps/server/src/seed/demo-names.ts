import type { Region } from '@guildhall/contract';

/** Realms of each region, with the language their guilds mostly speak. */
export const REALMS: Record<Region, readonly { name: string; language: string }[]> = {
  US: [
    { name: 'Area 52', language: 'en' },
    { name: 'Stormrage', language: 'en' },
    { name: 'Illidan', language: 'en' },
    { name: 'Tichondrius', language: 'en' },
    { name: "Mal'Ganis", language: 'en' },
    { name: "Zul'jin", language: 'en' },
    { name: 'Proudmoore', language: 'en' },
    { name: 'Sargeras', language: 'en' },
    { name: 'Bleeding Hollow', language: 'en' },
    { name: 'Moon Guard', language: 'en' },
    { name: 'Wyrmrest Accord', language: 'en' },
    { name: 'Ragnaros', language: 'es' },
    { name: "Quel'Thalas", language: 'es' },
    { name: 'Azralon', language: 'pt' },
  ],
  EU: [
    { name: 'Silvermoon', language: 'en' },
    { name: 'Draenor', language: 'en' },
    { name: 'Twisting Nether', language: 'en' },
    { name: 'Kazzak', language: 'en' },
    { name: 'Ravencrest', language: 'en' },
    { name: 'Tarren Mill', language: 'en' },
    { name: 'Argent Dawn', language: 'en' },
    { name: 'Blackrock', language: 'de' },
    { name: 'Antonidas', language: 'de' },
    { name: 'Hyjal', language: 'fr' },
    { name: 'Ysondre', language: 'fr' },
    { name: 'Sanguino', language: 'es' },
    { name: 'Nemesis', language: 'it' },
    { name: 'Gordunni', language: 'ru' },
  ],
  KR: [
    { name: 'Azshara', language: 'ko' },
    { name: 'Hyjal', language: 'ko' },
    { name: 'Durotan', language: 'ko' },
    { name: 'Burning Legion', language: 'ko' },
    { name: 'Windrunner', language: 'ko' },
    { name: "Gul'dan", language: 'ko' },
    { name: 'Alexstrasza', language: 'ko' },
    { name: 'Cenarius', language: 'ko' },
    { name: 'Deathwing', language: 'ko' },
    { name: 'Hellscream', language: 'ko' },
  ],
  CN: [
    { name: '白银之手', language: 'zh' },
    { name: '死亡之翼', language: 'zh' },
    { name: '燃烧之刃', language: 'zh' },
    { name: '金色平原', language: 'zh' },
    { name: '主宰之剑', language: 'zh' },
    { name: '罗宁', language: 'zh' },
    { name: '凤凰之神', language: 'zh' },
    { name: '冰风岗', language: 'zh' },
    { name: '国王之谷', language: 'zh' },
    { name: '影之哀伤', language: 'zh' },
  ],
};

/** Time zones guilds of each region raid in. */
export const REGION_TIMEZONES: Record<Region, readonly string[]> = {
  US: ['EST', 'CST', 'MST', 'PST'],
  EU: ['CET', 'GMT'],
  KR: ['KST'],
  CN: ['UTC'],
};

/** Parts of English guild names: "Crimson Covenant", "Knights of the Ashen Dawn". */
export const NAME_ADJECTIVES = [
  'Eternal',
  'Crimson',
  'Silent',
  'Iron',
  'Shadow',
  'Radiant',
  'Fallen',
  'Frostbound',
  'Storm',
  'Ember',
  'Void',
  'Golden',
  'Ashen',
  'Obsidian',
  'Wild',
  'Last',
  'Twilight',
  'Azure',
  'Sacred',
  'Savage',
] as const;
/** Nouns of English guild names. */
export const NAME_NOUNS = [
  'Vanguard',
  'Legion',
  'Covenant',
  'Order',
  'Dawn',
  'Wardens',
  'Reckoning',
  'Oath',
  'Pact',
  'Circle',
  'Blades',
  'Remnant',
  'Tide',
  'Watch',
  'Syndicate',
  'Requiem',
  'Ascendancy',
  'Council',
  'Horizon',
  'Valor',
] as const;

/** Korean guild names. */
export const KOREAN_GUILD_NAMES = [
  '불멸의 군단',
  '은빛 서약',
  '검은 새벽',
  '폭풍의 기사단',
  '붉은 달',
  '얼음 왕관',
  '별빛 수호대',
  '어둠의 계약',
  '황금 사자',
  '푸른 용',
  '새벽의 칼날',
  '천둥의 망치',
] as const;
/** Chinese guild names. */
export const CHINESE_GUILD_NAMES = [
  '星辰之誓',
  '永恒守望',
  '烈焰军团',
  '银色黎明',
  '暗影议会',
  '龙骑士团',
  '风暴之怒',
  '无尽之夜',
  '凤凰涅槃',
  '苍穹之翼',
  '月光圣殿',
  '破晓之刃',
] as const;

/** Syllables of member names: "Kaethas", "Morwyn". */
export const NAME_STARTS = [
  'Thal',
  'Zul',
  'Kae',
  'Mor',
  'Ael',
  'Gar',
  'Syl',
  'Vel',
  'Dra',
  'Ky',
  'Lor',
  'Nym',
  'Bel',
  'Fen',
  'Ori',
  'Ash',
  'Rag',
  'Tor',
  'Xan',
  'Yse',
] as const;
/** Endings of member names. */
export const NAME_ENDS = [
  'dris',
  'ith',
  'ora',
  'gan',
  'thas',
  'wyn',
  'rak',
  'lia',
  'dor',
  'mir',
  'nar',
  'vek',
  'zen',
  'ros',
  'ael',
  'thor',
  'ix',
  'ara',
  'ok',
  'un',
] as const;

/** Raid nights, as officers write them. */
export const RAID_SCHEDULES = [
  'Tue/Thu 20:00-23:00',
  'Wed/Sun 19:30-22:30',
  'Mon/Wed/Thu 20:00-23:00 (Mythic)',
  'Fri/Sat 21:00-00:00',
  'Sun 18:00-21:00, casual',
  'Tue/Wed/Thu 19:00-22:00',
] as const;

/** Loot systems, weighted the way guilds choose them. */
export const LOOT_CHOICES = ['Loot_Council', 'Loot_Council', 'DKP', 'EPGP', 'Need_Before_Greed', 'Free_Roll', 'Other'] as const;
