import { DISCOVERY_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { type DiscoveryGuildRow, selectGuild } from './queries';

/** The guild a discovery call names; 404 when there is none. */
export async function findGuildOr404(db: Queryable, guildId: string): Promise<DiscoveryGuildRow> {
  const guild = await selectGuild(db, guildId);
  if (!guild) throw AppError.notFound(DISCOVERY_MESSAGES.guildNotFound);
  return guild;
}
