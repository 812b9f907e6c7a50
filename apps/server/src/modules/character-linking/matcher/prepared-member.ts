// A member's three display strings read once, before any character is compared with them.

import { type CharacterName, readCharacterName } from './character-name';
import { type DisplayName, readDisplayName } from './display-name';
import { foldCase } from './fold';
import { type NameScore, NO_MATCH, scoreName } from './score-name';
import type { MatchedAgainst, MatchMember } from './types';

/** A member with its display strings read. */
export interface PreparedMember {
  member: MatchMember;
  /** Nickname first: on a tie the server nickname, chosen for this guild, is the better reason to show. */
  fields: { field: Exclude<MatchedAgainst, 'note'>; display: DisplayName }[];
  /** The Discord username as a note would write it: folded, letters, digits, '_' and '.'. */
  handle: string;
}

/** A name score and the field that gave it. */
export interface MemberNameScore extends NameScore {
  field: Exclude<MatchedAgainst, 'note'>;
  raw: string;
}

/** The handle form of a Discord name, as written in a note or held by a member. */
export function handleKey(raw: string): string {
  return foldCase(raw).replace(/[^\p{L}\p{N}_.]/gu, '');
}

export function prepareMember(member: MatchMember): PreparedMember {
  const fields: PreparedMember['fields'] = [];
  if (member.nickname?.trim()) fields.push({ field: 'nickname', display: readDisplayName(member.nickname) });
  if (member.globalName?.trim()) fields.push({ field: 'globalName', display: readDisplayName(member.globalName) });
  fields.push({ field: 'username', display: readDisplayName(member.username) });
  return { member, fields, handle: handleKey(member.username) };
}

/** The best score of a name over a member's fields. */
export function scoreMember(
  name: CharacterName,
  member: PreparedMember,
  knownRealms: ReadonlySet<string>,
): MemberNameScore | null {
  let best: MemberNameScore | null = null;
  for (const { field, display } of member.fields) {
    const scored = scoreName(name, display, knownRealms);
    if (scored.score > (best?.score ?? NO_MATCH.score)) best = { ...scored, field, raw: display.raw };
  }
  return best;
}

/** A name written in a note ('Arthas-Silvermoon'), read like a character's name. */
export function readWrittenName(written: string): CharacterName {
  const [head = written, ...realm] = written.split('-');
  return readCharacterName(head, realm.join('') || null);
}
