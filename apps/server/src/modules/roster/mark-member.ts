import { ROSTER_MESSAGES, type RosterMarksInput } from '@guildhall/contract';
import type { GuildMember } from '../../auth/guild-member';
import { AppError } from '../../core/app-error';
import { recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import { findGuildMember, findLinkedCharacter, upsertMarks, writeMain } from './roster-queries';

/** An officer marks a member of their guild a trial or inactive (or clears it); audited with the marks before and after. */
export async function markMember(db: Db, officer: GuildMember, memberId: string, marks: RosterMarksInput): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await findGuildMember(tx, officer.guildId, memberId);
    if (!member) throw AppError.notFound(ROSTER_MESSAGES.memberNotFound);
    const written = await upsertMarks(tx, officer.guildId, memberId, marks, officer.userId);
    await recordAudit(tx, {
      actor: officer.requester.actor,
      action: 'guild.roster_member_marked',
      target: { type: 'guild', id: officer.guildId },
      details: {
        memberId,
        member: member.name,
        before: { isTrial: written.was_trial, isInactive: written.was_inactive },
        after: { isTrial: written.is_trial, isInactive: written.is_inactive },
      },
      ip: officer.requester.ip,
    });
  });
}

/** An officer makes a linked character its member's main; audited. The character's name, for the answer. */
export async function setMain(db: Db, officer: GuildMember, characterId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const character = await findLinkedCharacter(tx, officer.guildId, characterId);
    if (!character) throw AppError.notFound(ROSTER_MESSAGES.characterNotFound);
    if (!character.member_id) throw new AppError('CONFLICT', ROSTER_MESSAGES.notLinked);
    await writeMain(tx, character.member_id, characterId);
    await recordAudit(tx, {
      actor: officer.requester.actor,
      action: 'guild.roster_main_set',
      target: { type: 'guild', id: officer.guildId },
      details: { memberId: character.member_id, characterId, character: character.name },
      ip: officer.requester.ip,
    });
    return character.name;
  });
}
