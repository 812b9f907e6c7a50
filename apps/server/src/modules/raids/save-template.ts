import {
  RAID_LIMITS,
  RAID_MESSAGES,
  type RaidTemplate,
  type RaidTemplateInput,
  raidTemplateBody,
  seatProblems,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { recordAudit } from '../../core/audit';
import { isUniqueViolation } from '../character-linking/write-link';
import { refuse } from './plan-raid';
import { presentTemplate } from './presenters';
import type { RaidMember } from './raid-member';
import type { RaidsDeps } from './raids-deps';
import { countTemplatesLocked, insertTemplate, type TemplateValues, updateTemplate } from './template-queries';

function templateValues(input: RaidTemplateInput): TemplateValues {
  const body = raidTemplateBody.parse(input);
  const problems = seatProblems(body.size, body.seats);
  if (Object.keys(problems).length > 0) refuse(problems);
  return {
    name: body.name,
    instance: body.instance,
    difficulty: body.difficulty,
    size: body.size,
    ...body.seats,
    startTime: body.startTime,
    durationMinutes: body.durationMinutes,
    signupDeadlineMinutes: body.signupDeadlineMinutes,
    notes: body.notes,
  };
}

/**
 * Creates a template in the member's guild (templateId null) or replaces one of its templates. A name is unique in the
 * guild, case aside (409); a guild keeps at most RAID_LIMITS.templatesPerGuild. Audited (raid_template.created or
 * .updated) in the same transaction.
 */
export async function saveTemplate(
  deps: RaidsDeps,
  member: RaidMember,
  templateId: string | null,
  input: RaidTemplateInput,
): Promise<RaidTemplate> {
  const values = templateValues(input);
  try {
    return await deps.db.transaction(async (tx) => {
      let row: Awaited<ReturnType<typeof insertTemplate>> | null;
      if (templateId) {
        row = await updateTemplate(tx, member.guildId, templateId, values);
        if (!row) throw AppError.notFound(RAID_MESSAGES.templateNotFound);
      } else {
        if ((await countTemplatesLocked(tx, member.guildId)) >= RAID_LIMITS.templatesPerGuild) {
          throw new AppError('CONFLICT', RAID_MESSAGES.tooManyTemplates);
        }
        row = await insertTemplate(tx, member.guildId, member.userId, values);
      }
      await recordAudit(tx, {
        actor: member.requester.actor,
        action: templateId ? 'raid_template.updated' : 'raid_template.created',
        target: { type: 'raid_template', id: row.id },
        details: { guildId: member.guildId, name: values.name, instance: values.instance, difficulty: values.difficulty },
        ip: member.requester.ip,
      });
      return presentTemplate(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', RAID_MESSAGES.templateNameTaken, { fields: { name: RAID_MESSAGES.templateNameTaken } });
    }
    throw error;
  }
}
