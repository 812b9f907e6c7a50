import { FACTIONS, REGIONS, type Region } from '@guildhall/contract';
import {
  CHINESE_GUILD_NAMES,
  KOREAN_GUILD_NAMES,
  LOOT_CHOICES,
  NAME_ADJECTIVES,
  NAME_ENDS,
  NAME_NOUNS,
  NAME_STARTS,
  RAID_SCHEDULES,
  REALMS,
  REGION_TIMEZONES,
} from './demo-names';
import { createRandom, type Random } from './prng';

/** How big the demo set is. */
export const DEMO_SIZE = { guildsPerRegion: 16, people: 1200, communityUsers: 150 } as const;

/** A guild tenant row of the demo set. */
export interface DemoGuild {
  id: string;
  guild_name: string;
  server: string;
  region: Region;
  faction: string;
  is_active: boolean;
  description: string;
  max_members: number;
  timezone: string;
  language: string;
  raid_schedule: string;
  loot_system: string;
  public_logs: boolean;
  recruitment_open: boolean;
  website: string | null;
  discord_invite: string;
  contact_email: string | null;
  discord_guild_id: string;
  created_at: string;
}

/** A Discord member of a demo guild. */
export interface DemoMember {
  guild_id: string;
  discord_user_id: string;
  username: string;
  global_name: string;
  nickname: string | null;
  joined_at: string;
  left_at: string | null;
}

/** A community account of the demo set. */
export interface DemoUser {
  id: string;
  username: string;
  email: string | null;
  discord_id: string | null;
  created_at: string;
}

const BASE_TIME = Date.UTC(2021, 0, 4);
const DAY_MS = 86_400_000;

/** A version 4 UUID drawn from the seeded source, so ids are the same on every run. */
export const uuid = (random: Random) => {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = ((random.int(0, 15) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
};
const snowflake = (random: Random) => `1${Array.from({ length: 17 }, () => random.int(0, 9)).join('')}`;
const dayAfterBase = (random: Random, maxDays: number) => new Date(BASE_TIME + random.int(0, maxDays) * DAY_MS).toISOString();
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function guildName(random: Random, region: Region, taken: Set<string>): string {
  for (;;) {
    let name: string;
    if (region === 'KR' && random.chance(0.75)) name = random.pick(KOREAN_GUILD_NAMES);
    else if (region === 'CN' && random.chance(0.75)) name = random.pick(CHINESE_GUILD_NAMES);
    else if (random.chance(0.2)) name = `Knights of the ${random.pick(NAME_ADJECTIVES)} ${random.pick(NAME_NOUNS)}`;
    else name = `${random.pick(NAME_ADJECTIVES)} ${random.pick(NAME_NOUNS)}`;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

function makeGuild(random: Random, region: Region, taken: Set<string>): DemoGuild {
  const realm = random.pick(REALMS[region]);
  const name = guildName(random, region, taken);
  const isActive = random.chance(0.8);
  const schedule = random.pick(RAID_SCHEDULES);
  const nameSlug = slug(name) || `guild-${random.int(100, 999)}`;
  return {
    id: uuid(random),
    guild_name: name,
    server: realm.name,
    region,
    faction: random.pick(FACTIONS),
    is_active: isActive,
    description: `${random.pick(['Semi-hardcore', 'Cutting-edge', 'Casual', 'Social', 'Mythic progression'])} raiding guild on ${realm.name}. Raids ${schedule}.`,
    max_members: random.pick([250, 500, 750, 1000, 1000, 1000, 1500, 2000]),
    timezone: random.pick(REGION_TIMEZONES[region]),
    language: realm.language,
    raid_schedule: schedule,
    loot_system: random.pick(LOOT_CHOICES),
    public_logs: random.chance(0.6),
    recruitment_open: isActive && random.chance(0.55),
    website: random.chance(0.4) ? `https://${nameSlug}.example.gg` : null,
    discord_invite: `https://discord.gg/${uuid(random).slice(0, 8)}`,
    contact_email: random.chance(0.6) ? `officers@${nameSlug}.example.gg` : null,
    discord_guild_id: snowflake(random),
    created_at: dayAfterBase(random, 1200),
  };
}

/** The people who show up as Discord members, some of them in several guilds. */
function makePeople(random: Random, count: number) {
  const seen = new Set<string>();
  return Array.from({ length: count }, () => {
    let handle: string;
    do {
      handle = `${random.pick(NAME_STARTS)}${random.pick(NAME_ENDS)}`;
      if (random.chance(0.5)) handle += random.int(1, 999);
    } while (seen.has(handle));
    seen.add(handle);
    return { discordUserId: snowflake(random), username: handle.toLowerCase(), globalName: handle.replace(/\d+$/, '') };
  });
}

/** The demo data set: the same on every run for the same seed. */
export function generateDemoData(seed = 20_260_521) {
  const random = createRandom(seed);
  const taken = new Set<string>();
  const guilds = REGIONS.flatMap((region) =>
    Array.from({ length: DEMO_SIZE.guildsPerRegion }, () => makeGuild(random, region, taken)),
  );
  const people = makePeople(random, DEMO_SIZE.people);
  const members: DemoMember[] = [];
  for (const guild of guilds) {
    const size = guild.is_active ? random.int(8, 60) : random.int(3, 20);
    const start = random.int(0, people.length - size);
    for (const person of people.slice(start, start + size)) {
      const hasLeft = random.chance(0.08);
      members.push({
        guild_id: guild.id,
        discord_user_id: person.discordUserId,
        username: person.username,
        global_name: person.globalName,
        nickname: random.chance(0.3) ? `${person.globalName} (${random.pick(['Officer', 'Raider', 'Trial', 'Alt'])})` : null,
        joined_at: dayAfterBase(random, 1500),
        left_at: hasLeft ? dayAfterBase(random, 1800) : null,
      });
    }
  }
  const users: DemoUser[] = people.slice(0, DEMO_SIZE.communityUsers).map((person) => {
    const hasEmail = random.chance(0.7);
    return {
      id: uuid(random),
      username: person.username,
      email: hasEmail ? `${person.username}@example.com` : null,
      discord_id: !hasEmail || random.chance(0.8) ? person.discordUserId : null,
      created_at: dayAfterBase(random, 1800),
    };
  });
  return { guilds, members, users };
}

/** The demo data set's shape. */
export type DemoData = ReturnType<typeof generateDemoData>;
