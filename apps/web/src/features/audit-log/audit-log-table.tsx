import type { AuditEntry } from '@guildhall/contract';
import {
  type ColumnDef,
  type ExpandedState,
  flexRender,
  getCoreRowModel,
  getExpandedRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment, useMemo, useState } from 'react';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { TableScroll } from '../../ui/table-scroll';

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
    cell: ({ row }) =>
      row.original.targetType ? (
        <span className="audit-target">
          {row.original.targetType}
          {row.original.targetId && <span className="audit-target__id">{row.original.targetId}</span>}
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
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const columns = useMemo(() => COLUMNS, []);
  const table = useReactTable({
    data: entries,
    columns,
    state: { expanded },
    onExpandedChange: setExpanded,
    getRowCanExpand: (row) => hasDetails(row.original),
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    getRowId: (entry) => entry.id,
  });

  return (
    <TableScroll label="Audit records" isBusy={isLoading}>
      <table className="table audit-table" data-testid="audit-table">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <Fragment key={row.id}>
              <tr data-testid="audit-row" data-action={row.original.action}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
              {row.getIsExpanded() && (
                <tr className="audit-table__details">
                  <td colSpan={row.getVisibleCells().length}>
                    <pre id={`audit-details-${row.id}`} data-testid="audit-details">
                      {JSON.stringify(row.original.details, null, 2)}
                    </pre>
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
