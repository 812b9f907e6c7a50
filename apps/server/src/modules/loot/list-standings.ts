import { LOOT_LIMITS, type LootLedger, type LootSystem, type StandingRow } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { selectStandings } from './ledger-queries';
import type { LootMember } from './loot-member';
import { presentStandingRow } from './presenters';
import { rulesInForce } from './rules-in-force';

/** A page of standings. */
export interface Standings {
  system: LootSystem;
  ledger: LootLedger | null;
  standings: StandingRow[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The guild's standings, computed from its ledger each time (never stored): DKP by points, EPGP by priority. Empty
 * for the systems without a ledger. Callable from other modules (the Discord /standings command).
 */
export async function listStandings(db: Queryable, member: Pick<LootMember, 'guildId'>, page = 1): Promise<Standings> {
  const rules = await rulesInForce(db, member.guildId);
  const pageSize = LOOT_LIMITS.pageSize;
  const base = { system: rules.system, ledger: rules.ledger, page, pageSize };
  if (!rules.ledger) return { ...base, standings: [], total: 0 };
  const baseGp = rules.ledger === 'epgp' ? rules.rules.epgp.baseGp : '0';
  const rows = await selectStandings(db, member.guildId, rules.ledger, baseGp, {
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { ...base, standings: rows.map((row) => presentStandingRow(row, baseGp)), total: rows[0]?.total ?? 0 };
}
