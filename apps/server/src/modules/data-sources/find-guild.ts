import { guildNotFound } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { type LockedGuild, selectGuildForSources } from './queries';

/** The guild a source writes to, or 404 naming its id: every operation of the pipeline starts here. */
export async function guildOr404(db: Queryable, guildId: string): Promise<LockedGuild> {
  const guild = await selectGuildForSources(db, guildId);
  if (!guild) throw AppError.notFound(guildNotFound(guildId));
  return guild;
}
