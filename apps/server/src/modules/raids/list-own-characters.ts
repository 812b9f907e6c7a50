import type { OwnCharacter } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { presentOwnCharacter } from './presenters';
import type { RaidMember } from './raid-member';
import { selectOwnCharacters } from './signup-queries';

/** The member's characters in the guild (linked to them or claimed), the ones they may sign up with. */
export async function listOwnCharacters(db: Queryable, member: RaidMember): Promise<OwnCharacter[]> {
  return (await selectOwnCharacters(db, member.guildId, member.userId)).map(presentOwnCharacter);
}
