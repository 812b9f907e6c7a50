import { type CharacterRole, WOW_CLASSES, type WowClass } from '@guildhall/contract';
import type { DemoGuild, DemoMember } from './demo-data';
import { uuid } from './demo-data';
import { NAME_ENDS, NAME_STARTS, REALMS } from './demo-names';
import { ALT_SUFFIXES, CHARACTER_MIDDLES, CLASS_SPECS, GUILD_NOTES, OFFICER_NOTES } from './game-names';
import type { Random } from './prng';

/** A character of a demo guild's roster. */
export interface DemoCharacter {
  id: string;
  guild_id: string;
  name: string;
  realm: string;
  class: WowClass;
  spec: string;
  role: CharacterRole;
  level: number;
  item_level: number;
  item_level_equipped: number;
  last_activity_at: string | null;
  activity_count: number;
  guild_note: string | null;
  officer_note: string | null;
  created_at: string;
  updated_at: string;
  /** Whose character it is, when its player is a Discord member (not stored: used to link). */
  owner: { discordUserId: string; isMain: boolean } | null;
}

const DAY_MS = 86_400_000;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
/** WoW names: letters only, at most 12. */
const asCharacterName = (text: string) => capitalise(text.replace(/[^\p{L}]/gu, '').slice(0, 12));

function pickClass(random: Random, wowClass: WowClass = random.pick(WOW_CLASSES)) {
  const [spec, role] = random.pick(CLASS_SPECS[wowClass]);
  return { wowClass, spec, role };
}

/** Level 80 for most (the cap), the rest still levelling; item level follows level. */
function levelAndGear(random: Random, isRaider: boolean) {
  const level = isRaider || random.chance(0.7) ? 80 : random.int(70, 79);
  const overall = level === 80 ? random.int(isRaider ? 640 : 600, 684) : random.int(540, 600);
  return { level, item_level: overall, item_level_equipped: overall - random.int(0, 6) };
}

/**
 * A guild's roster of 10-40 characters. Most mains carry their player's Discord display name (so the
 * name matcher finds them), some players have an alt named after the main ('Kaethasdk', note
 * 'Main: Kaethas'), and the rest are characters of players who are not in Discord.
 */
export function makeRoster(random: Random, guild: DemoGuild, members: readonly DemoMember[], now: number): DemoCharacter[] {
  const size = random.int(10, 40);
  const taken = new Set<string>();
  const roster: DemoCharacter[] = [];
  const otherRealms = REALMS[guild.region].map((realm) => realm.name).filter((name) => name !== guild.server);

  const add = (
    name: string,
    owner: DemoCharacter['owner'],
    options: { guildNote?: string; officerNote?: string; wowClass?: WowClass } = {},
  ) => {
    if (roster.length >= size || name.length < 2 || taken.has(name.toLowerCase())) return null;
    taken.add(name.toLowerCase());
    const { wowClass, spec, role } = pickClass(random, options.wowClass);
    const isRaider = owner?.isMain ?? random.chance(0.5);
    const createdAt = Date.parse(guild.created_at) + random.int(0, 900) * DAY_MS;
    const character: DemoCharacter = {
      id: uuid(random),
      guild_id: guild.id,
      name,
      realm: random.chance(0.85) || otherRealms.length === 0 ? guild.server : random.pick(otherRealms),
      class: wowClass,
      spec,
      role,
      ...levelAndGear(random, isRaider),
      last_activity_at: null,
      activity_count: random.int(0, 40),
      guild_note: options.guildNote ?? (random.chance(0.6) ? random.pick(GUILD_NOTES) : null),
      officer_note: options.officerNote ?? (random.chance(0.25) ? random.pick(OFFICER_NOTES) : null),
      created_at: new Date(Math.min(createdAt, now - 30 * DAY_MS)).toISOString(),
      updated_at: new Date(now - random.int(0, 60) * DAY_MS).toISOString(),
      owner,
    };
    roster.push(character);
    return character;
  };

  const players = members.filter((member) => member.left_at === null && random.chance(0.7));
  for (const player of players) {
    const main = add(asCharacterName(player.global_name), { discordUserId: player.discord_user_id, isMain: true });
    if (!main || !random.chance(0.3)) continue;
    const altClass = random.pick(WOW_CLASSES.filter((c) => c !== main.class));
    const suffix = random.pick(ALT_SUFFIXES[altClass]);
    add(
      asCharacterName(`${main.name.slice(0, 12 - suffix.length)}${suffix}`),
      { discordUserId: player.discord_user_id, isMain: false },
      {
        guildNote: `Main: ${main.name}`,
        officerNote: random.chance(0.5) ? `alt of ${main.name}` : undefined,
        wowClass: altClass,
      },
    );
  }
  for (let attempt = 0; roster.length < size && attempt < 200; attempt++) {
    add(asCharacterName(`${random.pick(NAME_STARTS)}${random.pick(CHARACTER_MIDDLES)}${random.pick(NAME_ENDS)}`), null);
  }
  return roster;
}
