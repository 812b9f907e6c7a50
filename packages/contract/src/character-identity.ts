import { WOW_CLASSES, type WowClass } from './characters';

// How sources that name a character differently still find one character: Battle.net writes the realm as a slug
// ('argent-dawn', 'gordunni') and its name ('Argent Dawn', 'Гордунни'); the game, and so RCLootCouncil, writes
// 'Name-ArgentDawn' (the realm's name without spaces, in its own script). These rules are shared by the server's
// merge and the web's preview.

/** Accents and case do not count; letters of every script stay what they are. */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** A realm's name or slug reduced to its letters and digits: 'Argent Dawn', 'argent-dawn' and 'ArgentDawn' meet. */
export function realmKey(realm: string): string {
  return fold(realm).replace(/[^\p{L}\p{N}]/gu, '');
}

/** A character's name as the game compares it: case does not count, accents do ('Arthás' is not 'Arthas'). */
export function characterNameKey(name: string): string {
  return name.normalize('NFC').toLocaleLowerCase('en-US');
}

/** A name as a Battle.net path slug: lower case, apostrophes dropped, spaces as hyphens ("Nobbel's Raiders" → "nobbels-raiders"). */
export function battlenetSlug(name: string): string {
  return name.normalize('NFC').toLocaleLowerCase('en-US').trim().replace(/['’]/g, '').replace(/\s+/g, '-');
}

/** 'Name-Realm' as the game writes a player of another realm; a name without a realm keeps `defaultRealm`. */
export function splitPlayerName(player: string, defaultRealm: string): { name: string; realm: string } {
  const trimmed = player.trim();
  const at = trimmed.indexOf('-');
  if (at <= 0 || at === trimmed.length - 1) return { name: trimmed, realm: defaultRealm };
  return { name: trimmed.slice(0, at), realm: trimmed.slice(at + 1) };
}

const CLASS_BY_KEY = new Map<string, WowClass>(WOW_CLASSES.map((name) => [name.replace(/\s+/g, '').toUpperCase(), name]));

/** A class as the game's token ('DEATHKNIGHT', 'Death Knight', 'deathknight'); null when it names none. */
export function wowClassOf(text: string): WowClass | null {
  return CLASS_BY_KEY.get(text.replace(/[\s_-]+/g, '').toUpperCase()) ?? null;
}

/** Blizzard's playable class ids (the guild roster names a class by id only). */
export const BATTLENET_CLASS_IDS: Readonly<Record<number, WowClass>> = {
  1: 'Warrior',
  2: 'Paladin',
  3: 'Hunter',
  4: 'Rogue',
  5: 'Priest',
  6: 'Death Knight',
  7: 'Shaman',
  8: 'Mage',
  9: 'Warlock',
  10: 'Monk',
  11: 'Druid',
  12: 'Demon Hunter',
  13: 'Evoker',
};
