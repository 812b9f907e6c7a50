import { guildDataApi } from '@guildhall/contract';
import { z } from 'zod';
import { tabQuery } from '../../../ui/use-url-query';

/** The data view's tabs in order, with the names the spec gives them (spec 1 §2), and Sources (issue 30). */
export const GUILD_DATA_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'characters', label: 'Characters' },
  { id: 'loot', label: 'Loot Entries' },
  { id: 'raids', label: 'Raid Events' },
  { id: 'combat-logs', label: 'Combat Logs' },
  { id: 'discord', label: 'Discord Data' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'raw', label: 'Raw Data' },
  { id: 'sources', label: 'Sources' },
] as const;

/** A tab of the data view, as it appears in ?tab=. */
export type GuildDataTab = (typeof GUILD_DATA_TABS)[number]['id'];

/** The tab named in the URL, or Overview for anything else. */
export const dataTabQuery = tabQuery(GUILD_DATA_TABS);

const memberList = guildDataApi.discordMembers.query.shape;
/** A tab's own page, page size (`?limit=`) and search (`?q=`) beside ?tab=, as the data view's list calls take them. */
export const dataTabListQuery = z.object({ page: memberList.page, limit: memberList.limit, q: memberList.search });

/** The Characters tab: the first 10 (spec 1 §2), or with `?view=all` every character, paged and searched. */
export const charactersTabQuery = dataTabListQuery.extend({ view: z.enum(['all']).optional() });
