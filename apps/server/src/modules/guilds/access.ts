import { findAdminScreen, type Permission } from '@guildhall/contract';

/**
 * Who may manage guild tenants and their data: whoever may open the Guild Management screen, read from
 * the contract's screen list so the sidebar, the route guard and the API never disagree.
 */
export const GUILD_MANAGEMENT_ACCESS: readonly Permission[] = findAdminScreen('/admin/guilds')?.anyOf ?? ['admin.full_access'];
