import { findAdminScreen, type Permission } from '@guildhall/contract';

/**
 * Who may discover and link characters and sync members: whoever may open the Character Discovery screen,
 * read from the contract's screen list so the sidebar, the route guard, the API and the socket agree.
 */
export const CHARACTER_DISCOVERY_ACCESS: readonly Permission[] = findAdminScreen('/admin/character-discovery')?.anyOf ?? [
  'admin.full_access',
];
