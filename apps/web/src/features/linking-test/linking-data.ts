import type { LinkingData, OperationOutcome, SampleChatUser } from './linking-types';
import { linkedEntry } from './sample-data';

/** The user a character is linked to, if any. */
export function ownerOf(data: LinkingData, characterId: string): SampleChatUser | undefined {
  return data.users.find((user) => user.linkedCharacters.some((linked) => linked.id === characterId));
}

/** The characters no user has. */
export function unlinkedCharacters(data: LinkingData) {
  const linked = new Set(data.users.flatMap((user) => user.linkedCharacters.map((character) => character.id)));
  return data.characters.filter((character) => !linked.has(character.id));
}

const nameOf = (data: LinkingData, characterId: string) =>
  data.characters.find((character) => character.id === characterId)?.name ?? characterId;

/**
 * Links a character to a user (spec 2 §4): the user's first linked character is primary. A character flagged to
 * fail does so (using up one failure); one already linked is refused, or left alone when it is the same user;
 * a character without an item level is linked with a warning.
 */
export function linkCharacter(data: LinkingData, characterId: string, userId: string, now: Date): OperationOutcome {
  const character = data.characters.find((candidate) => candidate.id === characterId);
  const user = data.users.find((candidate) => candidate.id === userId);
  if (!character || !user) return { data, status: 'error', message: 'Character or user not found' };
  const owner = ownerOf(data, characterId);
  if (owner?.id === userId)
    return { data, status: 'warning', message: `${character.name} is already linked to ${user.displayName}; nothing changed` };
  if (owner) return { data, status: 'error', message: `${character.name} is already linked to ${owner.displayName}` };

  const failures = data.failuresLeft[characterId];
  if (failures === 'always' || (typeof failures === 'number' && failures > 0)) {
    const failuresLeft = { ...data.failuresLeft, [characterId]: failures === 'always' ? failures : failures - 1 };
    return { data: { ...data, failuresLeft }, status: 'error', message: character.failureReason ?? 'Simulated failure' };
  }

  const entry = linkedEntry(character, data.nextLinkNumber, user.linkedCharacters.length === 0, now.toISOString());
  const users = data.users.map((candidate) =>
    candidate.id === userId ? { ...candidate, linkedCharacters: [...candidate.linkedCharacters, entry] } : candidate,
  );
  const next = { ...data, users, nextLinkNumber: data.nextLinkNumber + 1 };
  const linked = `${character.name} linked to ${user.displayName}${entry.isPrimary ? ' as primary' : ''}`;
  return character.itemLevel === null
    ? { data: next, status: 'warning', message: `${linked}, but it has no item level yet` }
    : { data: next, status: 'success', message: linked };
}

/** Unlinks a character; when it was its user's primary, the user's next linked character becomes primary. */
export function unlinkCharacter(data: LinkingData, characterId: string): OperationOutcome {
  const owner = ownerOf(data, characterId);
  const name = nameOf(data, characterId);
  if (!owner) return { data, status: 'warning', message: `${name} was not linked; nothing changed` };
  const removed = owner.linkedCharacters.find((linked) => linked.id === characterId);
  const rest = owner.linkedCharacters.filter((linked) => linked.id !== characterId);
  const promoted = removed?.isPrimary && rest[0] ? [{ ...rest[0], isPrimary: true }, ...rest.slice(1)] : rest;
  const users = data.users.map((user) => (user.id === owner.id ? { ...user, linkedCharacters: promoted } : user));
  const newPrimary = removed?.isPrimary && promoted[0] ? `; ${promoted[0].name} is now primary` : '';
  return { data: { ...data, users }, status: 'success', message: `${name} unlinked from ${owner.displayName}${newPrimary}` };
}
