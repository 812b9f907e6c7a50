// Generated players, by rule: each has a Discord member written in one of the styles players use (tags, role
// labels, emoji, fonts, realm suffixes, numbers, Cyrillic...) and a main with zero to two alts, each alt tied to
// the main the way officers and players tie them (a note, a class suffix, or nothing at all).

import { pick } from '@guildhall/contract';
import type { MatchCharacter, MatchMember } from '../types';
import { CLASS_SUFFIXES } from '../words';
import * as parts from './name-parts';
import type { SetBuilder } from './set-builder';

/** A generated player: the member and the characters it owns. */
export interface GeneratedPlayer {
  member: MatchMember;
  main: MatchCharacter;
  alts: MatchCharacter[];
  style: string;
}

const STYLES = [
  'plain nickname',
  'guild tag',
  'role label',
  'emoji',
  'xX decoration',
  'realm suffix',
  'username only',
  'username with number',
  'global name only',
  'main/alt nickname',
  'font',
  'upper case',
  'accented character',
  'role word glued',
  'note names the Discord user',
  'first and last name',
  'Cyrillic nickname',
] as const;
const SUFFIXES = [...CLASS_SUFFIXES].filter((suffix) => suffix.length >= 2 && suffix.length <= 5);

/** Adds a player's member and characters, and labels each character with its owner. */
export function addPlayer(set: SetBuilder, random: () => number, names: () => string, index: number): GeneratedPlayer {
  const style = STYLES[index % STYLES.length]!;
  const name = names();
  const realm = pick(random, parts.REALMS);
  const altCount = [0, 1, 1, 2][Math.floor(random() * 4)]!;
  const altNames = Array.from({ length: altCount }, (_, altIndex) =>
    altIndex === 0 && index % 5 === 0 ? name + pick(random, SUFFIXES) : names(),
  );
  const handle = parts.unrelatedHandle(random);
  const firstName = pick(random, parts.FIRST_NAMES);
  const fill = (template: string) => template.replace('{}', name);
  const written: Record<(typeof STYLES)[number], [string, string | null, string | null]> = {
    'plain nickname': [handle, firstName, name],
    'guild tag': [handle, null, `${pick(random, parts.GUILD_TAGS)} ${name}`],
    'role label': [handle, firstName, name + pick(random, parts.ROLE_LABELS)],
    emoji: [handle, null, fill(pick(random, parts.EMOJI_STYLES))],
    'xX decoration': [handle, null, `xX${name}Xx`],
    'realm suffix': [handle, firstName, `${name}-${realm.replace(/[^\p{L}\p{N}]/gu, '')}`],
    'username only': [name.toLowerCase(), firstName, null],
    'username with number': [`${name.toLowerCase()}${Math.floor(random() * 900) + 10}`, firstName, null],
    'global name only': [handle, name, null],
    'main/alt nickname': [handle, null, altNames[0] ? `${name}/${altNames[0]}` : name],
    font: [handle, null, parts.inFont(name, index)],
    'upper case': [handle, null, name.toUpperCase()],
    'accented character': [handle, null, name],
    'role word glued': [handle, null, fill(pick(random, parts.ROLE_WORDS_GLUED))],
    'note names the Discord user': [handle, firstName, null],
    'first and last name': [handle, `${name} ${pick(random, parts.SURNAMES)}`, null],
    'Cyrillic nickname': [handle, null, parts.toCyrillic(name)],
  };
  const [username, globalName, nickname] = written[style];
  const member = set.member(username, globalName, nickname);
  const mainNotes =
    style === 'note names the Discord user' ? { officerNote: pick(random, [`disc: ${handle}`, `@${handle}`]) } : {};
  const main = set.character(style === 'accented character' ? parts.withAccent(name) : name, realm, mainNotes);
  set.pair(main, member, true, `main: ${style}`);
  const alts = altNames.map((altName, altIndex) => {
    const tie = altName.startsWith(name) ? 'class suffix' : altTie(index + altIndex);
    const alt = set.character(altName, pick(random, [realm, realm, pick(random, parts.REALMS)]), altNotes(tie, name, username));
    set.pair(alt, member, true, `alt (${tie}), member ${style}`);
    return alt;
  });
  return { member, main, alts, style };
}

const TIES = ['alt of', "'s alt", 'main:', 'main', 'mention', 'alt of', 'main:', 'no clue'] as const;
function altTie(index: number): (typeof TIES)[number] {
  return TIES[index % TIES.length]!;
}

function altNotes(tie: string, main: string, username: string): { guildNote?: string; officerNote?: string } {
  switch (tie) {
    case 'alt of':
      return { guildNote: `Alt of ${main}` };
    case "'s alt":
      return { officerNote: `${main}'s alt` };
    case 'main:':
      return { guildNote: `Main: ${main}` };
    case 'main':
      return { officerNote: `main ${main.toLowerCase()}, trial` };
    case 'mention':
      return { officerNote: `@${username}` };
    default:
      return {};
  }
}
