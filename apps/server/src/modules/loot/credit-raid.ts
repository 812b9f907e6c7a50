import { amountText, dkpEarned, dkpRulesInCents, epEarned, epgpRulesInCents, LOOT_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { findRaid, selectRoster } from './award-queries';
import { countRaidCredits, insertLedgerEntries, type NewLedgerEntry } from './ledger-queries';
import { auditLoot } from './loot-audit';
import type { LootDeps } from './loot-deps';
import type { LootMember } from './loot-member';
import { ledgerRules, ledgerScopeOf } from './rules-in-force';

const PRESENCE_WORDS = { on_time: 'on time', late: 'late', bench: 'bench' } as const;

/**
 * Credits a raid to the guild's ledger: each character who was in it earns by how it came (DKP: on time, late,
 * bench; EPGP: the raid's EP and each boss killed, a share on the bench). Once per raid: a second credit is refused
 * (a missed character is a correction). One transaction, audited (loot.raid_credited). How many were credited.
 */
export async function creditRaid(
  deps: LootDeps,
  member: LootMember,
  raidId: string,
  input: { bossesKilled: number },
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const rules = await ledgerRules(tx, member.guildId);
    const raid = await findRaid(tx, member.guildId, raidId);
    if (!raid) throw AppError.notFound(LOOT_MESSAGES.raidNotFound);
    if ((await countRaidCredits(tx, raid.id, rules.ledger)) > 0) throw new AppError('CONFLICT', LOOT_MESSAGES.alreadyCredited);
    const roster = await selectRoster(tx, member.guildId, raid.id);
    if (roster.length === 0) throw new AppError('CONFLICT', LOOT_MESSAGES.nobodyToCredit);
    const dkp = dkpRulesInCents(rules.rules.dkp);
    const epgp = epgpRulesInCents(rules.rules.epgp);
    const entries: NewLedgerEntry[] = roster.map((row) => ({
      characterId: row.id,
      kind: 'attendance',
      points: rules.ledger === 'dkp' ? amountText(dkpEarned(dkp, row.presence)) : '0',
      ep: rules.ledger === 'epgp' ? amountText(epEarned(epgp, row.presence, input.bossesKilled)) : '0',
      gp: '0',
      reason:
        rules.ledger === 'epgp'
          ? `${raid.name} (${PRESENCE_WORDS[row.presence]}, ${input.bossesKilled} ${input.bossesKilled === 1 ? 'boss' : 'bosses'})`
          : `${raid.name} (${PRESENCE_WORDS[row.presence]})`,
      raidId: raid.id,
    }));
    const written = await insertLedgerEntries(tx, ledgerScopeOf(member, rules), entries);
    await auditLoot(
      tx,
      member,
      'loot.raid_credited',
      { type: 'raid', id: raid.id },
      {
        ledger: rules.ledger,
        characters: written.length,
        bossesKilled: input.bossesKilled,
      },
    );
    return written.length;
  });
}
