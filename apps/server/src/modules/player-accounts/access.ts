import { ADMIN_ABILITIES, findAdminScreen, type Permission } from '@guildhall/contract';

/**
 * Who may read player accounts: whoever may open the Player Accounts screen (players.manage_accounts, or
 * players.view), read from the contract's screen list so the sidebar, the route guard and the API agree.
 */
export const PLAYER_ACCOUNTS_READ: readonly Permission[] = findAdminScreen('/admin/accounts/players')?.anyOf ?? [
  'admin.full_access',
];
/** Each change needs its own permission (spec 2 §2); admin.full_access and superadmin pass every check. */
export const PLAYER_ACCOUNTS_CREATE: readonly Permission[] = ADMIN_ABILITIES.createPlayerAccounts;
export const PLAYER_ACCOUNTS_EDIT: readonly Permission[] = ADMIN_ABILITIES.editPlayerAccounts;
export const PLAYER_ACCOUNTS_LINK: readonly Permission[] = ADMIN_ABILITIES.linkPlayerAccounts;
export const PLAYER_ACCOUNTS_BULK_EDIT: readonly Permission[] = ADMIN_ABILITIES.bulkEditPlayerAccounts;
/**
 * Looking a Discord user or a verified Battle.net account up: whoever types such an id on the screen, in the create
 * or edit form (on leaving the field, spec 2 §2) or in the link dialog. It reveals the public profile and which
 * account holds the id.
 */
export const ACCOUNT_ID_LOOKUP: readonly Permission[] = ['players.create', 'players.edit', 'players.link_accounts'];
