import { type GuildInvite, guildNotFound } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { presentInvite } from './presenters';
import { findInviteGuild, listInvites as listInviteRows } from './queries';

/** A page of a guild's links, newest first (the usable ones, or all with their status); 404 for no such guild. */
export async function listInvites(
  db: Queryable,
  tenantId: string,
  filter: { status: 'active' | 'all'; page: number; limit: number },
): Promise<{ invites: GuildInvite[]; total: number; page: number; limit: number }> {
  if (!(await findInviteGuild(db, tenantId))) throw AppError.notFound(guildNotFound(tenantId));
  const { rows, total } = await listInviteRows(db, tenantId, filter);
  return { invites: rows.map(presentInvite), total, page: filter.page, limit: filter.limit };
}
