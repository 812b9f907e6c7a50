import {
  DEFAULT_LOOT_RULES,
  LEDGER_OF_SYSTEM,
  LOOT_MESSAGES,
  LOOT_SYSTEM_LABELS,
  type LootLedger,
  type LootRules,
  type LootSystem,
  lootRulesSchema,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import type { LedgerScope } from './ledger-queries';
import type { LootMember } from './loot-member';
import { selectRules } from './rules-queries';

/** The guild's loot system and the values in force: the newest version, or the defaults before the first. */
export interface RulesInForce {
  system: LootSystem;
  ledger: LootLedger | null;
  version: number;
  rules: LootRules;
  changedAt: Date | null;
  changedBy: string | null;
}

/** The rules a guild's loot runs by now. */
export async function rulesInForce(db: Queryable, guildId: string): Promise<RulesInForce> {
  const row = await selectRules(db, guildId);
  if (!row) throw new AppError('GUILD_NOT_AVAILABLE');
  const system = row.loot_system as LootSystem;
  const parsed = lootRulesSchema.safeParse(row.rules);
  return {
    system,
    ledger: LEDGER_OF_SYSTEM[system] ?? null,
    version: row.version ?? 0,
    rules: parsed.success ? parsed.data : DEFAULT_LOOT_RULES,
    changedAt: row.changed_at,
    changedBy: row.changed_by_name,
  };
}

/** The rules of a guild whose system keeps a ledger; refused (409) for the systems without one. */
export async function ledgerRules(db: Queryable, guildId: string): Promise<RulesInForce & { ledger: LootLedger }> {
  const rules = await rulesInForce(db, guildId);
  if (!rules.ledger) throw new AppError('CONFLICT', LOOT_MESSAGES.noLedger(LOOT_SYSTEM_LABELS[rules.system]));
  return rules as RulesInForce & { ledger: LootLedger };
}

/** True when members' wishlists are locked now. */
export const isWishlistLocked = (rules: LootRules, now = new Date()) =>
  rules.wishlistLockAt !== null && Date.parse(rules.wishlistLockAt) <= now.getTime();

/** What a member's ledger entries are written under: the guild, its ledger, the rules version in force, the member. */
export const ledgerScopeOf = (member: LootMember, rules: RulesInForce & { ledger: LootLedger }): LedgerScope => ({
  guildId: member.guildId,
  ledger: rules.ledger,
  rulesVersion: rules.version,
  recordedBy: member.requester.actor,
});
