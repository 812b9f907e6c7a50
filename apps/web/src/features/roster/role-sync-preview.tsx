import { MESSAGES, ROLE_SYNC_MARKS, type RoleSyncChange, type RoleSyncState } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { isRunActive, useRoleSyncPreview, useRunRoleSync } from '../../api/role-sync';
import { Badge } from '../../ui/badge';
import { DataTable } from '../../ui/data-table';
import { EmptyHint } from '../../ui/query-state';
import { RoleSyncLastRun } from './role-sync-last-run';
import { SkippedRoles } from './role-sync-skipped';
import { ROLE_SYNC_TEXT } from './role-sync-text';

const COLUMNS: ColumnDef<RoleSyncChange>[] = [
  {
    id: 'member',
    header: ROLE_SYNC_TEXT.columns.member,
    cell: ({ row }) => row.original.memberName,
    meta: { isRowHeader: true },
  },
  { id: 'role', header: ROLE_SYNC_TEXT.columns.role, cell: ({ row }) => row.original.roleName },
  {
    id: 'change',
    header: ROLE_SYNC_TEXT.columns.change,
    cell: ({ row }) => (
      <Badge tone={row.original.action === 'add' ? 'good' : 'bad'}>{ROLE_SYNC_TEXT.actions[row.original.action]}</Badge>
    ),
  },
  { id: 'why', header: ROLE_SYNC_TEXT.columns.why, cell: ({ row }) => row.original.why },
];

const changeId = (change: RoleSyncChange) => `${change.discordUserId}:${change.roleId}:${change.action}`;

/** What a sync would change now, Sync now and the last run. */
export function RoleSyncPreview({ guildId, state }: { guildId: string; state: RoleSyncState }) {
  const headingId = useId();
  const isMapped = ROLE_SYNC_MARKS.some((mark) => state.roles[mark]);
  const preview = useRoleSyncPreview(guildId, isMapped && state.discordRoles !== null);
  const run = useRunRoleSync(guildId);
  const isRunning = isRunActive(state.lastRun);
  return (
    <section className="role-sync__preview" aria-labelledby={headingId} data-testid="role-sync-preview">
      <div className="role-sync__preview-head">
        <h3 id={headingId} className="role-sync__preview-title">
          {ROLE_SYNC_TEXT.previewTitle}
        </h3>
        {state.isEnabled && isMapped && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => run.mutate()}
            disabled={run.isPending || isRunning}
            data-testid="role-sync-run"
          >
            <RefreshCw size={16} aria-hidden="true" />
            {ROLE_SYNC_TEXT.syncNow}
          </button>
        )}
      </div>
      <RoleSyncLastRun run={state.lastRun} />
      {!isMapped ? (
        <EmptyHint>{ROLE_SYNC_TEXT.previewNothingMapped}</EmptyHint>
      ) : (
        <>
          <p className="muted">{ROLE_SYNC_TEXT.previewLead}</p>
          <DataTable
            columns={COLUMNS}
            rows={preview.data?.changes ?? []}
            getRowId={changeId}
            label={ROLE_SYNC_TEXT.previewLabel}
            testId="role-sync-changes"
            className="role-sync__changes"
            isStacked
            isBusy={preview.isFetching && preview.data !== undefined}
            virtual={{ estimateSize: 44, from: 100 }}
            rowAttributes={(change) => ({ 'data-member': change.memberName, 'data-action': change.action })}
            state={{
              query: preview,
              loading: ROLE_SYNC_TEXT.previewLoading,
              errorText: MESSAGES.requestFailed,
              empty: ROLE_SYNC_TEXT.previewEmpty,
              testId: 'role-sync-changes',
            }}
          />
          <SkippedRoles skipped={preview.data?.skipped ?? []} state={state} />
        </>
      )}
    </section>
  );
}
