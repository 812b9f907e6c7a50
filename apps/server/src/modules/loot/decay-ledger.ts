import { amountText, basisPointsOf, centsOf, dkpDecay, epgpDecay, epgpRulesInCents } from '@guildhall/contract';
import { recordAudit } from '../../core/audit';
import type { Db } from '../../services/db/db';
import {
  claimDecayWeek,
  countDecayEntries,
  insertLedgerEntries,
  type NewLedgerEntry,
  selectDecayStart,
  selectSumsAsOf,
} from './ledger-queries';
import { rulesInForce } from './rules-in-force';

const DAY_MS = 864e5;
/** Weeks one run decays at most: a guild whose server was off for years catches up over several runs. */
const MAX_WEEKS_PER_RUN = 260;

/** The Monday (UTC) of the week a moment falls in, as 'YYYY-MM-DD'. */
export function weekOf(moment: Date): string {
  const day = new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

const addDays = (week: string, days: number) => new Date(Date.parse(`${week}T00:00:00Z`) + days * DAY_MS);

/** The last week that has ended by now (decay of a week runs once it is over). */
export const lastEndedWeek = (now: Date) => addDays(weekOf(now), -7).toISOString().slice(0, 10);

/**
 * Decays the guild's ledger for every week that ended and was not decayed yet, oldest first, each week in its own
 * transaction: the week is claimed in loot_decay_runs first (its key makes it once across every process), then each
 * character's balance as of the week's end decays by the rules in force (DKP toward zero, EPGP's EP and GP, GP never
 * below the base). The entries count at the week's end, so a later week decays what the earlier left. Nothing to do
 * without a ledger.
 */
export async function decayLedger(db: Db, guildId: string, now = new Date()): Promise<{ weeks: number; entries: number }> {
  const rules = await rulesInForce(db, guildId);
  const ledger = rules.ledger;
  if (!ledger) return { weeks: 0, entries: 0 };
  const percent = ledger === 'dkp' ? rules.rules.dkp.decayPercent : rules.rules.epgp.decayPercent;
  // At 0 % the weeks are still claimed (with no entries): turning decay on later never decays the past.
  const basisPoints = basisPointsOf(percent);
  const epgp = epgpRulesInCents(rules.rules.epgp);
  const last = lastEndedWeek(now);
  let week = await selectDecayStart(db, guildId, ledger);
  let weeks = 0;
  let entries = 0;
  while (week !== null && week <= last && weeks < MAX_WEEKS_PER_RUN) {
    const decayWeek = week;
    const weekEnd = addDays(decayWeek, 7);
    const written = await db.transaction(async (tx) => {
      // Another process decayed (or is decaying) this week: its entries stand.
      if (!(await claimDecayWeek(tx, guildId, ledger, decayWeek))) return null;
      const balances = basisPoints > 0 ? await selectSumsAsOf(tx, guildId, ledger, weekEnd) : [];
      const reason = `Weekly decay ${percent} % (week of ${decayWeek})`;
      const decays: NewLedgerEntry[] = [];
      for (const row of balances) {
        const change =
          ledger === 'dkp'
            ? { points: dkpDecay(centsOf(row.points), basisPoints), ep: 0, gp: 0 }
            : { points: 0, ...epgpDecay(centsOf(row.ep), centsOf(row.gp), epgp) };
        if (change.points === 0 && change.ep === 0 && change.gp === 0) continue;
        decays.push({
          characterId: row.character_id,
          kind: 'decay',
          points: amountText(change.points),
          ep: amountText(change.ep),
          gp: amountText(change.gp),
          reason,
          decayWeek,
          at: weekEnd,
        });
      }
      const actor = { type: 'system' as const };
      await insertLedgerEntries(tx, { guildId, ledger, rulesVersion: rules.version, recordedBy: actor }, decays);
      await countDecayEntries(tx, guildId, ledger, decayWeek, decays.length);
      await recordAudit(tx, {
        actor,
        action: 'loot.decayed',
        target: { type: 'guild', id: guildId },
        details: { guildId, ledger, week: decayWeek, percent, entries: decays.length },
      });
      return decays.length;
    });
    if (written !== null) {
      weeks += 1;
      entries += written;
    }
    week = addDays(decayWeek, 7).toISOString().slice(0, 10);
  }
  return { weeks, entries };
}
