import type { AuditEntry } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { DataTable } from '../../ui/data-table';
import { formatDateTime, formatRelative } from '../../ui/format-date';

interface AuditLogTableProps {
  entries: AuditEntry[];
  isLoading: boolean;
}

/** Who acted: the name it had, else its id, else its kind ('system'). */
const actorOf = (entry: AuditEntry) => entry.actorName ?? entry.actorId ?? entry.actorType;

const hasDetails = (entry: AuditEntry) => Object.keys(entry.details).length > 0;

const COLUMNS: ColumnDef<AuditEntry>[] = [
  {
    id: 'time',
    header: 'Time',
    cell: ({ row }) => (
      <time className="audit-time" dateTime={row.original.createdAt} title={formatRelative(row.original.createdAt)}>
        {formatDateTime(row.original.createdAt)}
      </time>
    ),
  },
  {
    id: 'actor',
    header: 'Actor',
    cell: ({ row }) => (
      <span className="audit-actor">
        {actorOf(row.original)}
        {/* The kind of actor, where the name does not already say it ('cli', 'system'). */}
        {row.original.actorType !== actorOf(row.original) && row.original.actorType !== 'admin' && (
          <span className="audit-actor__type">{row.original.actorType}</span>
        )}
      </span>
    ),
  },
  { id: 'action', header: 'Action', cell: ({ row }) => <code>{row.original.action}</code> },
  {
    id: 'target',
    header: 'Target',
    cell: ({ row: { original: entry } }) =>
      entry.targetType ? (
        <span className="audit-target">
          {entry.targetType}
          {/* A person reads the target's name; its id stays on hover (and in the filter by target id). */}
          {entry.targetName ? (
            <span className="audit-target__name" title={entry.targetId ?? undefined} data-testid="audit-target-name">
              {entry.targetName}
            </span>
          ) : (
            entry.targetId && <span className="audit-target__id">{entry.targetId}</span>
          )}
        </span>
      ) : (
        <span className="muted">—</span>
      ),
  },
  { id: 'ip', header: 'IP', cell: ({ row }) => row.original.ip ?? <span className="muted">—</span> },
  {
    id: 'details',
    header: 'Details',
    cell: ({ row }) =>
      hasDetails(row.original) ? (
        <button
          type="button"
          className="link-button audit-details-toggle"
          aria-expanded={row.getIsExpanded()}
          aria-controls={`audit-details-${row.id}`}
          onClick={row.getToggleExpandedHandler()}
        >
          {row.getIsExpanded() ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronRight size={14} aria-hidden="true" />}
          {row.getIsExpanded() ? 'Hide' : 'Show'}
          <span className="visually-hidden"> details of {row.original.action}</span>
        </button>
      ) : (
        <span className="muted">—</span>
      ),
  },
];

/** One page of audit records, newest first; a record's details open under it as pretty JSON. */
export function AuditLogTable({ entries, isLoading }: AuditLogTableProps) {
  return (
    <DataTable
      columns={COLUMNS}
      rows={entries}
      getRowId={(entry) => entry.id}
      label="Audit records"
      testId="audit-table"
      className="audit-table"
      rowAttributes={(entry) => ({ 'data-testid': 'audit-row', 'data-action': entry.action })}
      expansion={{
        canExpand: hasDetails,
        detailClassName: 'audit-table__details',
        renderDetail: (entry, rowId) => (
          <pre id={`audit-details-${rowId}`} data-testid="audit-details">
            {JSON.stringify(entry.details, null, 2)}
          </pre>
        ),
      }}
      isStacked
      isBusy={isLoading}
    />
  );
}
