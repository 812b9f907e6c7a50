import {
  amountLabel,
  LOOT_SYSTEM_LABELS,
  type LootRules,
  type LootSettings,
  type LootSettingsVersion,
  type LootSystem,
  MESSAGES,
} from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useLootSettingsVersionsQuery } from '../../api/loot';
import { DataTable } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-date';
import { Pagination } from '../../ui/pagination';
import { useUrlQuery } from '../../ui/use-url-query';
import { LOOT_QUERY } from './loot-page';
import { SettingsForm } from './settings-form';

/** The values of a version that its system uses, in a line people read. */
export function rulesSummary(system: LootSystem, rules: LootRules): string {
  const weighting = `weighting ${rules.priority.attendancePoints} for attendance, −${rules.priority.upgradePenalty} per upgrade over ${rules.priority.windowWeeks} weeks`;
  if (system === 'DKP') {
    const { dkp } = rules;
    const price = dkp.pricing === 'bid' ? 'items by bid' : 'items by slot';
    return `${amountLabel(dkp.onTime)} on time, ${amountLabel(dkp.late)} late, ${amountLabel(dkp.bench)} bench; ${price}; decay ${dkp.decayPercent} % a week; ${weighting}`;
  }
  if (system === 'EPGP') {
    const { epgp } = rules;
    return `${amountLabel(epgp.raidEp)} EP a raid, ${amountLabel(epgp.bossEp)} a boss, bench ${epgp.benchPercent} %; base GP ${amountLabel(epgp.baseGp)}; decay ${epgp.decayPercent} % a week; ${weighting}`;
  }
  return weighting;
}

const COLUMNS: ColumnDef<LootSettingsVersion>[] = [
  { id: 'version', header: 'Version', meta: { className: 'table__number' }, cell: ({ row }) => row.original.version },
  { id: 'at', header: 'When', cell: ({ row }) => formatDateTime(row.original.changedAt) },
  { id: 'by', header: 'By', cell: ({ row }) => row.original.changedBy ?? '—' },
  {
    id: 'system',
    header: 'System',
    meta: { cellClassName: 'table__strong' },
    cell: ({ row }) => LOOT_SYSTEM_LABELS[row.original.system],
  },
  { id: 'values', header: 'Values', cell: ({ row }) => rulesSummary(row.original.system, row.original.rules) },
  { id: 'note', header: 'Note', cell: ({ row }) => row.original.note || '—' },
];

/** The loot settings for officers (loot.manage): the form that saves a new version, and every version before it. */
export function SettingsTab({ guildId, settings }: { guildId: string; settings: LootSettings }) {
  const url = useUrlQuery(LOOT_QUERY);
  const versions = useLootSettingsVersionsQuery(guildId, url.query.page);
  const data = versions.data;
  return (
    <>
      <section className="panel" aria-labelledby="loot-settings-title">
        <h2 id="loot-settings-title" className="panel__title">
          Loot system and values
        </h2>
        <p className="loot-note">
          {settings.version === 0
            ? 'The guild runs on the default values: saving makes version 1.'
            : `Version ${settings.version}, saved ${settings.changedAt ? formatDateTime(settings.changedAt) : ''} by ${settings.changedBy ?? 'someone'}.`}{' '}
          Standings are computed from the ledger each time, never stored.
        </p>
        <SettingsForm key={settings.version} guildId={guildId} settings={settings} />
      </section>
      <section className="panel" aria-labelledby="loot-versions-title">
        <h2 id="loot-versions-title" className="panel__title">
          History
        </h2>
        <DataTable
          columns={COLUMNS}
          rows={data?.versions ?? []}
          getRowId={(row) => String(row.version)}
          label="Loot settings versions"
          testId="loot-settings-history"
          isStacked
          isBusy={versions.isPlaceholderData}
          state={{
            query: versions,
            loading: 'Loading the history...',
            errorText: MESSAGES.requestFailed,
            emptyTitle: 'No version saved yet',
          }}
        />
        {data && data.total > data.pageSize && (
          <Pagination
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            noun="versions"
            onPageChange={(page) => url.set({ page })}
          />
        )}
      </section>
    </>
  );
}
