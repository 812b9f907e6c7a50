import { amountLabel, centsOf, LEDGER_ENTRY_LABELS, type LedgerEntryKind } from '@guildhall/contract';

const signed = (text: string) => `${centsOf(text) > 0 ? '+' : ''}${amountLabel(text)}`;

/** What an entry changed, in the ledger's words: '+10 DKP', '-855 GP', '+160 EP, +0 GP'; '—' for nothing. */
export function changeText(amounts: { points: string; ep: string; gp: string }): string {
  const parts = [
    centsOf(amounts.points) !== 0 ? `${signed(amounts.points)} DKP` : null,
    centsOf(amounts.ep) !== 0 ? `${signed(amounts.ep)} EP` : null,
    centsOf(amounts.gp) !== 0 ? `${signed(amounts.gp)} GP` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : '—';
}

/** A log line's kind on screen. */
export const kindLabel = (kind: LedgerEntryKind | 'award') => (kind === 'award' ? 'Award' : LEDGER_ENTRY_LABELS[kind]);

/** What an award cost on the ledger: '20 DKP', '855 GP'; '—' when it cost nothing. */
export function costText(cost: { points: string; gp: string } | null): string {
  if (!cost) return '—';
  const parts = [
    centsOf(cost.points) !== 0 ? `${amountLabel(cost.points)} DKP` : null,
    centsOf(cost.gp) !== 0 ? `${amountLabel(cost.gp)} GP` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : '—';
}
