import type { Queryable } from '../../services/db/db';
import { presentConfigGuild } from './presenters';
import { selectConfigGuilds } from './queries';

/** The guild picker: guilds by name with how many settings each overrides. */
export async function listConfigGuilds(db: Queryable, search?: string) {
  return (await selectConfigGuilds(db, search)).map(presentConfigGuild);
}
