import { z } from 'zod';

/**
 * What an admin may do beyond opening a screen, in the console's words (the rules: `ability-rules.ts`). Kept apart
 * from the rules so that the sign-in pages, which read the session's shape, do not load the screen catalogue.
 */
export const ADMIN_ABILITY_NAMES = [
  'editAlertRules',
  'editSystemSettings',
  'editGuildSettings',
  'createPlayerAccounts',
  'editPlayerAccounts',
  'linkPlayerAccounts',
  'bulkEditPlayerAccounts',
  'readAuditLog',
  'receiveAccountAlerts',
] as const;

/** One ability's name. */
export type AdminAbility = (typeof ADMIN_ABILITY_NAMES)[number];

/** What the signed-in admin may do: each ability answered, and the admin screens it may open. */
export const adminAbilities = z.object({
  can: z.record(z.enum(ADMIN_ABILITY_NAMES), z.boolean()),
  screens: z.array(z.string()).describe('The paths of the admin screens the admin may open, in sidebar order'),
});
/** The abilities of an admin. */
export type AdminAbilities = z.infer<typeof adminAbilities>;
