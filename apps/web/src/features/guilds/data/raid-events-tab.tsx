import type { ColumnDef } from '@tanstack/react-table';
import { useGuildRaidEvents } from '../../../api/guild-data';
import { Badge } from '../../../ui/badge';
import { DataTable } from '../../../ui/data-table';
import { formatCount } from '../../../ui/format';
import { formatDateTime } from '../../../ui/format-date';
import { EmptyHint } from '../../../ui/query-state';
import { DataTabPagination } from './data-tab-pagination';
import { DataTabState } from './data-tab-state';
import { useTabQuery } from './use-tab-query';

type RaidEvent = NonNullable<ReturnType<typeof useGuildRaidEvents>['data']>['events'][number];

const COLUMNS: ColumnDef<RaidEvent>[] = [
  { id: 'event', header: 'Event', meta: { cellClassName: 'table__strong' }, cell: ({ row }) => row.original.name },
  { id: 'instance', header: 'Instance', cell: ({ row }) => row.original.instance },
  { id: 'difficulty', header: 'Difficulty', cell: ({ row }) => <Badge tone="brand">{row.original.difficulty}</Badge> },
  {
    id: 'starts',
    header: 'Starts',
    cell: ({ row }) => <time dateTime={row.original.starts_at}>{formatDateTime(row.original.starts_at)}</time>,
  },
  {
    id: 'attendance',
    header: 'Attendance',
    meta: { className: 'table__number' },
    cell: ({ row }) => formatCount(row.original.attendance),
  },
];

/** The guild's raid events, newest first, with how many characters attended each. */
export function RaidEventsTab({ guildId }: { guildId: string }) {
  const tab = useTabQuery();
  const { list } = tab;
  const query = useGuildRaidEvents(guildId, list);

  return (
    <DataTabState query={query} loading="Loading raid events..." testId="guild-raid-events-state">
      {({ events, total }) => (
        <div className="data-tab">
          <p className="data-tab__lead">{formatCount(total)} raid events</p>
          {events.length === 0 ? (
            <EmptyHint>No raid events recorded for this guild yet.</EmptyHint>
          ) : (
            <DataTable
              columns={COLUMNS}
              rows={events}
              getRowId={(event) => String(event.id)}
              label="Raid events"
              testId="guild-raid-events"
              rowAttributes={() => ({ 'data-testid': 'guild-raid-event' })}
              isBusy={query.isFetching}
            />
          )}
          <DataTabPagination paging={tab} total={total} testId="raid-events-pagination" />
        </div>
      )}
    </DataTabState>
  );
}
