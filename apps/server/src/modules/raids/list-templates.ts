import type { RaidTemplate } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { presentTemplate } from './presenters';
import type { RaidMember } from './raid-member';
import { selectTemplates } from './template-queries';

/** The templates of the member's guild, by name. */
export async function listTemplates(db: Queryable, member: RaidMember): Promise<RaidTemplate[]> {
  return (await selectTemplates(db, member.guildId)).map(presentTemplate);
}
