import { RAID_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { recordAudit } from '../../core/audit';
import type { RaidMember } from './raid-member';
import type { RaidsDeps } from './raids-deps';
import { deleteTemplate as deleteTemplateRow } from './template-queries';

/** Deletes a template of the member's guild; raids and series planned from it keep their values. Audited. */
export async function deleteTemplate(deps: RaidsDeps, member: RaidMember, templateId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const name = await deleteTemplateRow(tx, member.guildId, templateId);
    if (name === null) throw AppError.notFound(RAID_MESSAGES.templateNotFound);
    await recordAudit(tx, {
      actor: member.requester.actor,
      action: 'raid_template.deleted',
      target: { type: 'raid_template', id: templateId },
      details: { guildId: member.guildId, name },
      ip: member.requester.ip,
    });
  });
}
