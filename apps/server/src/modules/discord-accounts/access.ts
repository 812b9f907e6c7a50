import { findAdminScreen, type Permission } from '@guildhall/contract';

/**
 * Who may read the Discord accounts screen's API: whoever may open the screen (admin.manage_roles), read from the
 * contract's screen list so the sidebar, the route guard and the API agree.
 */
export const DISCORD_ACCOUNTS_READ: readonly Permission[] = findAdminScreen('/admin/accounts/discord')?.anyOf ?? [
  'admin.full_access',
];
