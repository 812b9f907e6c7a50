import { CHARACTER_SOURCE_LABELS, type DataSourceRun } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import {
  SourcePushContext,
  type SourcesScope,
  useDataSourceRuns,
  useSourceConnections,
  useSourcePushes,
} from '../../../../api/data-sources';
import { DataTable } from '../../../../ui/data-table';
import { formatDateTime, formatRelative } from '../../../../ui/format-date';
import { EmptyHint } from '../../../../ui/query-state';
import { DataTabState } from '../data-tab-state';
import { RaiderIoPanel, WarcraftLogsPanel, WowAuditPanel } from './game-data-panels';
import { LootImportPanel } from './loot-import-panel';
import { RosterSyncPanel } from './roster-sync-panel';
import { SourcedCharacters } from './sourced-characters';

const COLUMNS: ColumnDef<DataSourceRun>[] = [
  {
    id: 'source',
    header: 'Source',
    meta: { cellClassName: 'table__strong' },
    cell: ({ row }) => CHARACTER_SOURCE_LABELS[row.original.sourceType],
  },
  {
    id: 'when',
    header: 'When',
    cell: ({ row: { original: run } }) => (
      <time dateTime={run.finishedAt} title={formatDateTime(run.finishedAt)}>
        {formatRelative(run.finishedAt)}
      </time>
    ),
  },
  { id: 'subject', header: 'What', cell: ({ row }) => row.original.subject ?? '—' },
  {
    id: 'outcome',
    header: 'Outcome',
    cell: ({ row: { original: run } }) => (run.status === 'failed' ? `Failed: ${run.error ?? ''}` : run.outcome),
  },
  { id: 'by', header: 'By', cell: ({ row }) => row.original.actorName ?? 'System' },
];

/**
 * Where the guild's data comes from: the Battle.net roster, Raider.IO, WoWAudit, Warcraft Logs, RCLootCouncil imports,
 * the characters with their sources, and the history of every run. The admin data view and the officers' page share it.
 */
export function SourcesTab({ scope }: { scope: SourcesScope }) {
  const runs = useDataSourceRuns(scope);
  const connections = useSourceConnections(scope).data?.connections;
  const pushes = useSourcePushes(scope);
  return (
    <SourcePushContext value={pushes}>
      <div className="data-tab">
        <RosterSyncPanel scope={scope} lastRun={runs.data?.runs.find((run) => run.sourceType === 'battlenet')} />
        {connections && (
          <>
            <RaiderIoPanel scope={scope} connections={connections} />
            <WowAuditPanel scope={scope} connections={connections} />
            <WarcraftLogsPanel scope={scope} connections={connections} />
          </>
        )}
        <LootImportPanel scope={scope} />
        <SourcedCharacters scope={scope} />
        <section className="panel" aria-labelledby="source-runs-title">
          <h3 id="source-runs-title" className="panel__title">
            History
          </h3>
          <DataTabState query={runs} loading="Loading runs..." testId="source-runs-state">
            {({ runs: list }) =>
              list.length === 0 ? (
                <EmptyHint>No source has run for this guild yet.</EmptyHint>
              ) : (
                <DataTable columns={COLUMNS} rows={list} getRowId={(run) => run.id} label="Source runs" testId="source-runs" />
              )
            }
          </DataTabState>
        </section>
      </div>
    </SourcePushContext>
  );
}
