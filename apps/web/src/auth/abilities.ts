import type { AdminAbility } from '@guildhall/contract';
import { useAdminSession } from './admin-session-context';

/** What the signed-in admin may do, as the session answered it. */
export interface Abilities {
  /** Whether the admin may do this (an ability of the contract's catalog). */
  can: (ability: AdminAbility) => boolean;
  /** Whether the admin may open this admin screen. */
  canOpen: (path: string) => boolean;
}

/**
 * The signed-in admin's abilities, read from the session the server answered (`admin.abilities`): screens ask
 * `can('editAlertRules')` instead of re-deriving a permission rule. A convenience for showing or hiding controls;
 * the server checks every call again. Nothing is allowed while no admin is signed in.
 */
export function useAbilities(): Abilities {
  const { admin } = useAdminSession();
  return {
    can: (ability) => admin?.abilities.can[ability] ?? false,
    canOpen: (path) => admin?.abilities.screens.includes(path) ?? false,
  };
}
