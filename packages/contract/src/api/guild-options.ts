import { z } from 'zod';
import { ADMIN_SCREENS } from '../admin-routes';
import { discordGuildId, tenantId } from '../guild-ids';
import type { Permission } from '../permissions';
import { endpoint } from './common';

/** How many guilds the guild picker shows at once; typing narrows them, and the next page is asked for by number. */
export const GUILD_OPTIONS_PAGE = { size: 20, maxSize: 100 } as const;

/** The screens with a guild picker: their admins may list guild options (ui/guild-picker). */
export const GUILD_PICKER_SCREENS = [
  '/admin/permissions',
  '/admin/character-discovery',
  '/admin/data',
  '/admin/analytics',
] as const;

/** Who may list guild options: any admin of a screen with a guild picker. */
export const GUILD_OPTIONS_ACCESS: readonly Permission[] = [
  ...new Set(
    ADMIN_SCREENS.filter((screen) => (GUILD_PICKER_SCREENS as readonly string[]).includes(screen.path)).flatMap(
      (screen) => screen.anyOf,
    ),
  ),
];

/** A guild as the console's guild picker lists it. */
export const guildOption = z.object({
  id: z.string(),
  name: z.string(),
  server: z.string(),
  region: z.string(),
  isActive: z.boolean(),
  discordGuildId: discordGuildId.nullable().describe('null when the guild has no Discord server: its members cannot be synced'),
});
/** A guild of the guild picker. */
export type GuildOption = z.infer<typeof guildOption>;

/** The one guild picker's call (ui/guild-picker): every admin screen that picks a guild asks here. */
export const guildOptionsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/guild-options',
    summary:
      'Guilds for a guild picker, by part of the name or server, a page at a time by name, or one by id; with the ' +
      'default guild (the first active guild by name that has a Discord server)',
    query: z.object({
      search: z.string().trim().max(100).optional(),
      id: z.uuid('Guild not found').optional(),
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(GUILD_OPTIONS_PAGE.maxSize).default(GUILD_OPTIONS_PAGE.size),
    }),
    response: z.object({
      success: z.literal(true),
      data: z.array(guildOption),
      total: z.number().describe('Guilds matching the search'),
      page: z.number(),
      pageSize: z.number(),
      defaultGuildId: tenantId.nullable().describe('The first active guild by name that has a Discord server'),
    }),
  }),
};
