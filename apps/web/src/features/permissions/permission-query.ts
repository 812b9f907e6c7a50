import { guildGrantListQuery } from '@guildhall/contract';
import { z } from 'zod';
import type { GuildGrantFilters } from '../../api/guild-grants';
import type { FilterField } from '../../ui/filter-bar';

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
 * What the screen keeps in its URL: the tab, the guild in view (`?guild=`, shared by the grants and Discord roles
 * tabs), the grants' user search, page and page size as their list call takes them, and the member whose permissions are
 * looked up.
 */
export const permissionQuery = z.object({
  tab: z.enum(PERMISSION_TABS.map((tab) => tab.id) as [PermissionTab, ...PermissionTab[]]).default('roles'),
  guild: guildGrantListQuery.shape.guildId,
  search: guildGrantListQuery.shape.search,
  page: guildGrantListQuery.shape.page,
  limit: guildGrantListQuery.shape.limit,
  member: z.string().regex(MEMBER_ID_PATTERN).optional(),
});
/** The screen's state, as the URL holds it. */
export type PermissionParams = z.output<typeof permissionQuery>;

/** The grants list's call for a screen state. */
export const grantFilters = (state: PermissionParams): GuildGrantFilters => ({
  guildId: state.guild,
  search: state.search,
  page: state.page,
  limit: state.limit,
});

/** How a tab's guild filter reads with no guild chosen, and its test id. */
interface GuildFilterWords {
  placeholder: string;
  clearLabel?: string;
  testId: string;
}

/** The grants' and Discord roles' guild filter: the one guild picker on `?guild=`, its name kept by the page. */
export const guildFilter = (
  guildName: string,
  onPick: (guild: { id: string; name: string } | null) => void,
  words: GuildFilterWords,
): FilterField<PermissionParams> => ({ kind: 'guild', name: 'guild', guildName, onPick, ...words });
