import type { Queryable } from '../../services/db/db';
import { type GrantPageQuery, searchCommunityUsers, selectGrantPage } from './grant-queries';
import { presentGrant, presentUserOption } from './presenters';

/** How many users the grant form's picker offers at once. */
const USER_PICKER_LIMIT = 20;

/** One page of the grants community users hold, by guild and user search, newest first. */
export async function listGrants(db: Queryable, query: GrantPageQuery) {
  const { rows, total } = await selectGrantPage(db, query);
  return {
    data: rows.map(presentGrant),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}

/** The community users the grant form's picker offers for a search, at most USER_PICKER_LIMIT. */
export async function findCommunityUsers(db: Queryable, search: string) {
  return (await searchCommunityUsers(db, search, USER_PICKER_LIMIT)).map(presentUserOption);
}
