import type { LinkPriority, LinkType } from '@guildhall/contract';
import { type DemoCharacter, makeRoster } from './demo-characters';
import { type DemoData, uuid } from './demo-data';
import { type DemoAttendance, type DemoLoot, type DemoRaid, makeRaids } from './demo-raids';
import { createRandom, type Random } from './prng';

/** A link between a demo character and its player's Discord membership in the same guild. */
export interface DemoLink {
  id: string;
  guild_id: string;
  character_id: string;
  /** The member's Discord id; the member row's id is looked up when inserting. */
  discord_user_id: string;
  priority: LinkPriority;
  is_primary: boolean;
  confidence: number | null;
  link_type: LinkType;
  linked_at: string;
  linked_by: string | null;
}

const DAY_MS = 86_400_000;

/**
 * Links about half the characters whose players are in Discord: mains by hand, alts by the name
 * matcher with its confidence. The rest stay unlinked, for character discovery to find.
 */
function makeLinks(random: Random, roster: readonly DemoCharacter[], now: number): DemoLink[] {
  const links: DemoLink[] = [];
  const linkedPlayers = new Set<string>();
  for (const character of roster) {
    if (!character.owner || !random.chance(0.55)) continue;
    const { discordUserId, isMain } = character.owner;
    const isPrimary = isMain && !linkedPlayers.has(discordUserId);
    if (isPrimary) linkedPlayers.add(discordUserId);
    const isAutomatic = !isMain || random.chance(0.3);
    links.push({
      id: uuid(random),
      guild_id: character.guild_id,
      character_id: character.id,
      discord_user_id: discordUserId,
      priority: isMain ? 'main' : 'alt',
      is_primary: isPrimary,
      confidence: isAutomatic ? random.int(950, 1000) / 1000 : null,
      link_type: isAutomatic ? 'automatic' : 'manual',
      linked_at: new Date(now - random.int(1, 120) * DAY_MS).toISOString(),
      linked_by: isAutomatic ? null : 'demo',
    });
  }
  return links;
}

/**
 * The demo guilds' game data: rosters, 12 weeks of raids with attendance and loot, and character links.
 * Dates lead up to `now`, so a fresh start always shows recent activity. Rosters and links draw from their own
 * source: how many raids lie before `now` (the weekday and hour) changes how much the raids draw, and must not
 * change who is linked to whom, which the discovery journeys rely on. The same on every run for the same seed.
 */
export function generateGuildData(demo: Pick<DemoData, 'guilds' | 'members'>, now = Date.now(), seed = 20_260_522) {
  const random = createRandom(seed);
  const raidRandom = createRandom(seed + 1);
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const characters: DemoCharacter[] = [];
  const raids: DemoRaid[] = [];
  const attendance: DemoAttendance[] = [];
  const loot: DemoLoot[] = [];
  const links: DemoLink[] = [];
  for (const guild of demo.guilds) {
    const members = demo.members.filter((member) => member.guild_id === guild.id);
    const roster = makeRoster(random, guild, members, today);
    const raided = makeRaids(raidRandom, guild, roster, now);
    for (const character of roster) {
      character.last_activity_at ??= new Date(today - raidRandom.int(guild.is_active ? 1 : 60, 120) * DAY_MS).toISOString();
      if (character.updated_at < character.created_at) character.updated_at = character.created_at;
    }
    characters.push(...roster);
    raids.push(...raided.raids);
    attendance.push(...raided.attendance);
    loot.push(...raided.loot);
    links.push(...makeLinks(random, roster, today));
  }
  return { characters, raids, attendance, loot, links };
}

/** The demo guild data's shape. */
export type DemoGuildData = ReturnType<typeof generateGuildData>;
