import {
  ATTENDANCE_MESSAGES,
  ATTENDANCE_SOURCE_LABELS,
  type AttendanceEntry,
  MESSAGES,
  type RaidSummary,
} from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useRaidAttendanceQuery, useTakeAttendanceMutation } from '../../api/raid-attendance';
import { DataTable } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format-date';
import { AttendanceBadge } from './attendance-badge';
import { CorrectAttendanceModal } from './correct-attendance-modal';

const sourceText = (entry: AttendanceEntry) =>
  entry.source === 'officer' && entry.correctedBy
    ? `Corrected by ${entry.correctedBy}${entry.correctedAt ? `, ${formatDateTime(entry.correctedAt)}` : ''}`
    : ATTENDANCE_SOURCE_LABELS[entry.source];

function columnsOf(canCorrect: boolean, onCorrect: (entry: AttendanceEntry) => void): ColumnDef<AttendanceEntry>[] {
  const columns: ColumnDef<AttendanceEntry>[] = [
    {
      id: 'character',
      header: 'Character',
      meta: { cellClassName: 'table__strong' },
      cell: ({ row }) => row.original.character.name,
    },
    { id: 'member', header: 'Member', cell: ({ row }) => row.original.member?.name ?? '—' },
    { id: 'status', header: 'Attendance', cell: ({ row }) => <AttendanceBadge status={row.original.status} /> },
    { id: 'source', header: 'From', cell: ({ row }) => sourceText(row.original) },
  ];
  if (canCorrect) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      meta: { className: 'table__actions' },
      cell: ({ row }) => (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => onCorrect(row.original)}
          aria-label={`Correct ${row.original.character.name}`}
        >
          Correct
        </button>
      ),
    });
  }
  return columns;
}

/**
 * A raid's attendance once it has started: every character's status and where it came from (the sign-ups and
 * composition, a Warcraft Logs report, an officer). Officers take it now and correct a record.
 */
export function RaidAttendance({ guildId, raid }: { guildId: string; raid: RaidSummary }) {
  const query = useRaidAttendanceQuery(guildId, raid.id);
  const take = useTakeAttendanceMutation(guildId, raid.id);
  const [correcting, setCorrecting] = useState<AttendanceEntry | null>(null);
  const canManage = query.data?.canManage ?? false;
  const hasStarted = Date.parse(raid.startsAt) <= Date.now();
  const columns = useMemo(() => columnsOf(canManage && hasStarted, setCorrecting), [canManage, hasStarted]);
  const attendance = query.data?.attendance;

  if (!hasStarted) return <p className="raid-page__empty">{ATTENDANCE_MESSAGES.notStarted}</p>;
  return (
    <>
      <div className="raid-attendance__bar">
        <p className="raid-page__meta" data-testid="raid-attendance-taken">
          {attendance?.takenAt
            ? `Taken ${formatDateTime(attendance.takenAt)}${attendance.hasReport ? ', with a Warcraft Logs report' : ''}`
            : ATTENDANCE_MESSAGES.notTaken}
        </p>
        {canManage && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => take.mutate(undefined)}
            disabled={take.isPending}
          >
            {take.isPending ? 'Taking...' : 'Take attendance now'}
          </button>
        )}
      </div>
      <DataTable
        columns={columns}
        rows={attendance?.entries ?? []}
        getRowId={(entry) => entry.character.id}
        label="Attendance"
        testId="raid-attendance"
        isStacked
        rowAttributes={(entry) => ({ 'data-character': entry.character.name })}
        state={{
          query,
          loading: 'Loading the attendance...',
          errorText: MESSAGES.requestFailed,
          emptyTitle: 'No attendance recorded yet',
        }}
      />
      {correcting && (
        <CorrectAttendanceModal guildId={guildId} raidId={raid.id} entry={correcting} onClose={() => setCorrecting(null)} />
      )}
    </>
  );
}
