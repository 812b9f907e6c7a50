import type { LootRules, LootSettings, LootSystem } from '@guildhall/contract';
import { auditLoot } from './loot-audit';
import type { LootDeps } from './loot-deps';
import type { LootMember } from './loot-member';
import { readLootSettings } from './read-loot-settings';
import { insertRulesVersion } from './rules-queries';

/**
 * Changes the guild's loot system or its values as a new version (the old ones stay, and every ledger entry names the
 * version it was written under); the system becomes the guild's loot_system. Audited (loot.rules_changed).
 */
export async function saveLootSettings(
  deps: LootDeps,
  member: LootMember,
  input: { system: LootSystem; rules: LootRules; note: string },
): Promise<LootSettings> {
  return deps.db.transaction(async (tx) => {
    const version = await insertRulesVersion(tx, member.guildId, { ...input, changedBy: member.requester.actor });
    await auditLoot(
      tx,
      member,
      'loot.rules_changed',
      { type: 'guild', id: member.guildId },
      {
        version,
        system: input.system,
        note: input.note,
      },
    );
    return readLootSettings(tx, member);
  });
}
