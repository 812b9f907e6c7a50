import { GUILD_GRANT_PAGE, guildGrantListQuery } from '@guildhall/contract';
import type { GuildGrantFilters } from '../../api/guild-grants';

/** The screen's tabs, as they appear in ?tab= (Roles has none). */
export const PERMISSION_TABS = [
  { id: 'roles', label: 'Roles' },
  { id: 'grants', label: 'Guild grants' },
  { id: 'discord-roles', label: 'Discord roles' },
] as const;
/** A tab of the screen. */
export type PermissionTab = (typeof PERMISSION_TABS)[number]['id'];

/** A Discord user id as the member lookup takes it (the contract's path rule). */
export const MEMBER_ID_PATTERN = /^\d{1,25}$/;

/**
 * What the screen keeps in its URL: the tab, the guild in view (shared by the grants and Discord roles tabs), the
 * grants' user search and page, and the member whose permissions are looked up.
 */
export interface PermissionParams {
  tab: PermissionTab;
  guildId: string | null;
  grants: GuildGrantFilters;
  memberId: string | null;
}

/** The screen's state from its URL; a value that does not fit falls back to its default. */
export function parsePermissionParams(params: URLSearchParams): PermissionParams {
  const tab = PERMISSION_TABS.find((t) => t.id === params.get('tab'))?.id ?? 'roles';
  const guild = guildGrantListQuery.shape.guildId.safeParse(params.get('guild') ?? undefined);
  const guildId = guild.success ? (guild.data ?? null) : null;
  const page = guildGrantListQuery.shape.page.safeParse(params.get('page') ?? undefined);
  const search = params.get('search')?.trim().slice(0, 100);
  const grants = guildGrantListQuery.parse({
    guildId: guildId ?? undefined,
    search: search || undefined,
    page: page.success ? page.data : 1,
    limit: GUILD_GRANT_PAGE.size,
  });
  const member = params.get('member');
  return { tab, guildId, grants, memberId: member && MEMBER_ID_PATTERN.test(member) ? member : null };
}

/** The URL search of a screen state; defaults are left out so a plain /admin/permissions stays plain. */
export function permissionSearchParams(state: PermissionParams): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab !== 'roles') params.set('tab', state.tab);
  if (state.guildId) params.set('guild', state.guildId);
  if (state.grants.search) params.set('search', state.grants.search);
  if (state.grants.page > 1) params.set('page', String(state.grants.page));
  if (state.memberId) params.set('member', state.memberId);
  return params;
}
