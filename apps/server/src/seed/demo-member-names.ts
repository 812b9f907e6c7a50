import type { CharacterRole } from '@guildhall/contract';
import { createRandom, type Random } from './prng';

/** A demo guild as the naming step reads it back. */
export interface NamingGuild {
  id: string;
  guild_name: string;
}

/** A stored Discord member of a demo guild. */
export interface NamingMember {
  guild_id: string;
  discord_user_id: string;
  username: string;
  global_name: string | null;
  nickname: string | null;
}

/** A stored character of a demo guild. */
export interface NamingCharacter {
  id: string;
  guild_id: string;
  name: string;
  realm: string;
  role: CharacterRole | null;
  guild_note: string | null;
  officer_note: string | null;
  is_linked: boolean;
}

/** What the step changes: member names, officer notes, and members with no character of the roster. */
export interface NamingPlan {
  members: { guild_id: string; discord_user_id: string; global_name: string | null; nickname: string | null }[];
  notes: { id: string; officer_note: string }[];
  newMembers: (NamingMember & { joined_at: string })[];
}

const ROLE_LABELS: Record<CharacterRole, string> = { tank: 'Tank', healer: 'Healer', dps: 'DPS' };
const EMOJI = ['✨', '⚔️', '🔥', '🌙', '🐉'];
const ACCENTS: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü' };
/** People on a guild's Discord who play no character of its roster (friends, guests, retired raiders). */
const UNRELATED = ['lootgoblin', 'afk_andy', 'quietlurker', 'snackwizard', 'casualcarl', 'pugleader', 'oldguard', 'streamfan'];
const DAY_MS = 86_400_000;

const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}]/gu, '');
const snowflake = (random: Random) => `2${Array.from({ length: 17 }, () => random.int(0, 9)).join('')}`;

/** The guild's tag as players put it in brackets: the initials of its name ('Crimson Covenant' → 'CC'). */
export function guildTag(guildName: string): string {
  const initials = guildName
    .split(/\s+/)
    .filter((word) => /^\p{Lu}/u.test(word))
    .map((word) => word.charAt(0))
    .join('');
  return initials.length >= 2 ? initials.slice(0, 4) : Array.from(guildName).slice(0, 3).join('').toUpperCase();
}

/** The first vowel accented: 'Kaethas' → 'Káethas', which the matcher must fold back. */
function accented(name: string): string | null {
  const index = name.search(/[aeiou]/);
  return index < 0 ? null : `${name.slice(0, index)}${ACCENTS[name.charAt(index)]}${name.slice(index + 1)}`;
}

/** How a player dresses up their name on the guild's server; null leaves it plain. */
function decorate(random: Random, tag: string, main: NamingCharacter, alt: NamingCharacter | undefined) {
  const roll = random.next();
  if (roll < 0.2) return { nickname: `[${tag}] ${main.name}` };
  if (roll < 0.35 && main.role) return { nickname: `${main.name} | ${ROLE_LABELS[main.role]}` };
  if (roll < 0.45 && alt) return { nickname: `${main.name}/${alt.name}` };
  if (roll < 0.55) return { globalName: `${main.name} ${random.pick(EMOJI)}` };
  if (roll < 0.62) {
    const globalName = accented(main.name);
    return globalName ? { globalName } : null;
  }
  if (roll < 0.68) return { nickname: `${main.name}-${main.realm.replace(/\s+/g, '')}` };
  return null;
}

/**
 * Plans the demo members' names so the matcher meets what real servers hold: mains behind guild tags,
 * role suffixes, 'Main/Alt' nicknames, emoji, accents and realm suffixes; alts whose officer note names
 * the player's Discord account; members who play nothing on the roster; a near-miss name per guild
 * ('Morgrat' beside the character 'Morgrath'); and a namesake of an unlinked main per guild. The same plan for the same stored data.
 */
export function planMemberNames(
  guilds: readonly NamingGuild[],
  members: readonly NamingMember[],
  characters: readonly NamingCharacter[],
  now: number,
  seed = 20_260_523,
): NamingPlan {
  const random = createRandom(seed);
  const plan: NamingPlan = { members: [], notes: [], newMembers: [] };
  for (const guild of [...guilds].sort((a, b) => a.id.localeCompare(b.id))) {
    const tag = guildTag(guild.guild_name);
    const roster = characters.filter((c) => c.guild_id === guild.id).sort((a, b) => a.name.localeCompare(b.name));
    const byName = new Map(roster.map((c) => [letters(c.name), c]));
    const people = members
      .filter((m) => m.guild_id === guild.id)
      .sort((a, b) => a.discord_user_id.localeCompare(b.discord_user_id));
    const owners = new Set<string>();
    for (const member of people) {
      const main = byName.get(letters(member.global_name ?? '').slice(0, 12));
      if (!main) continue;
      owners.add(main.id);
      const alt = roster.find((c) => c.guild_note === `Main: ${main.name}`);
      const change = decorate(random, tag, main, alt);
      if (change) {
        plan.members.push({
          guild_id: guild.id,
          discord_user_id: member.discord_user_id,
          global_name: change.globalName ?? member.global_name,
          nickname: change.nickname ?? member.nickname,
        });
      }
      if (alt && !alt.is_linked && random.chance(0.3)) {
        owners.add(alt.id);
        plan.notes.push({ id: alt.id, officer_note: `alt of ${main.name} (Discord: ${member.username})` });
      }
    }
    for (let i = 0; i < 2; i++) {
      const handle = `${random.pick(UNRELATED)}${random.int(1, 99)}`;
      plan.newMembers.push({
        guild_id: guild.id,
        discord_user_id: snowflake(random),
        username: handle,
        global_name: handle.replace(/\d+$/, '').replace(/_/g, ' '),
        nickname: null,
        joined_at: new Date(now - random.int(5, 400) * DAY_MS).toISOString(),
      });
    }
    const stray = roster.find((c) => !c.is_linked && !owners.has(c.id) && c.name.length >= 6);
    if (stray) {
      plan.newMembers.push({
        guild_id: guild.id,
        discord_user_id: snowflake(random),
        username: `${stray.name.slice(0, -1).toLowerCase()}${random.int(10, 99)}`,
        global_name: stray.name.slice(0, -1),
        nickname: null,
        joined_at: new Date(now - random.int(5, 400) * DAY_MS).toISOString(),
      });
    }
    // A second member under an unlinked main's exact name (a namesake, or the player's second account): the
    // matcher must mark the pair ambiguous and leave it to a person, so every demo guild shows that case.
    const namesake = roster.find((c) => !c.is_linked && owners.has(c.id) && !c.guild_note?.startsWith('Main: '));
    if (namesake) {
      plan.newMembers.push({
        guild_id: guild.id,
        discord_user_id: snowflake(random),
        username: `${namesake.name.toLowerCase()}${random.int(100, 999)}`,
        global_name: namesake.name,
        nickname: null,
        joined_at: new Date(now - random.int(5, 400) * DAY_MS).toISOString(),
      });
    }
  }
  return plan;
}
