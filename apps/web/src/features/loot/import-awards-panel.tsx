import { type LootImportLine, MESSAGES } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useApplyImportMutation, useImportPlanQuery } from '../../api/loot';
import { Badge } from '../../ui/badge';
import { ConfirmModal } from '../../ui/confirm-modal';
import { formatDateTime } from '../../ui/format-date';
import { QueryState } from '../../ui/query-state';
import { costText } from './loot-amounts';
import { awardedItemColumns } from './loot-columns';
import { LootSection } from './loot-section';

const STATUS = {
  new: { label: 'New', tone: 'good' },
  awarded: { label: 'Already awarded', tone: 'neutral' },
  refused: { label: 'Refused', tone: 'bad' },
} as const;

const COLUMNS: ColumnDef<LootImportLine>[] = [
  { id: 'at', header: 'When', cell: ({ row }) => formatDateTime(row.original.awardedAt) },
  ...awardedItemColumns<LootImportLine>(),
  { id: 'cost', header: 'Cost', cell: ({ row }) => costText(row.original.charge) },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <>
        <Badge tone={STATUS[row.original.status].tone}>{STATUS[row.original.status].label}</Badge>
        {row.original.reason && <span className="loot-import__reason"> {row.original.reason}</span>}
      </>
    ),
  },
];

/**
 * Awards from an RCLootCouncil import (loot.manage): the guild's imported lines of the raid's time, each new, already
 * awarded or refused with its reason, recorded together after a confirmation.
 */
export function ImportAwardsPanel({ guildId, raidId }: { guildId: string; raidId: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const plan = useImportPlanQuery(guildId, raidId, isOpen);
  const apply = useApplyImportMutation(guildId);
  if (!isOpen) {
    return (
      <section className="panel" aria-labelledby="import-awards-title">
        <h2 id="import-awards-title" className="panel__title">
          Awards from an import
        </h2>
        <p className="loot-note">Turn the RCLootCouncil lines imported for this raid's time into its awards, all at once.</p>
        <button type="button" className="button button--secondary" onClick={() => setIsOpen(true)}>
          Preview awards from the import
        </button>
      </section>
    );
  }
  return (
    <QueryState query={plan} loading="Reading the import..." errorText={MESSAGES.requestFailed} testId="import-awards">
      {({ plan: { lines, counts } }) => (
        <LootSection
          title="Awards from an import"
          rows={lines}
          columns={COLUMNS}
          getRowId={(line) => line.entryId}
          emptyText="No RCLootCouncil line was imported for this raid's time. Import the export on the Data sources page first."
          testId="import-awards"
        >
          <p className="loot-note" data-testid="import-counts">
            {counts.new} new, {counts.awarded} already awarded, {counts.refused} refused.
          </p>
          {counts.new > 0 && (
            <div className="loot-form__actions">
              <button type="button" className="button button--primary" onClick={() => setIsConfirming(true)}>
                Record {counts.new} {counts.new === 1 ? 'award' : 'awards'}
              </button>
            </div>
          )}
          <ConfirmModal
            isOpen={isConfirming}
            title="Record these awards?"
            confirmLabel={`Record ${counts.new} ${counts.new === 1 ? 'award' : 'awards'}`}
            busyLabel="Recording..."
            isBusy={apply.isPending}
            onConfirm={() => apply.mutate(raidId, { onSettled: () => setIsConfirming(false) })}
            onClose={() => setIsConfirming(false)}
            testId="import-awards-confirm"
          >
            <p>
              The new lines become this raid's awards, charged on the guild's ledger, for every member to read. Lines already
              awarded or refused are left as they are.
            </p>
          </ConfirmModal>
        </LootSection>
      )}
    </QueryState>
  );
}
