import { MESSAGES } from '@guildhall/contract';
import { GUILD_DATA_PAGE_SIZE, useGuildRaidEvents } from '../../../api/guild-data';
import { Badge } from '../../../ui/badge';
import { formatDateTime } from '../../../ui/format-date';
import { Pagination } from '../../../ui/pagination';
import { EmptyHint, QueryState } from '../../../ui/query-state';
import { TableScroll } from '../../../ui/table-scroll';
import { formatCount } from '../../dashboard/format';
import { useTabQuery } from './use-tab-query';

/** The guild's raid events, newest first, with how many characters attended each. */
export function RaidEventsTab({ guildId }: { guildId: string }) {
  const { page, setPage } = useTabQuery();
  const query = useGuildRaidEvents(guildId, page);

  return (
    <QueryState
      query={query}
      loading="Loading raid events..."
      errorText={MESSAGES.loadGuildDataFailed}
      testId="guild-raid-events-state"
    >
      {({ events, total }) => (
        <div className="data-tab">
          <p className="data-tab__lead">{formatCount(total)} raid events</p>
          {events.length === 0 ? (
            <EmptyHint>No raid events recorded for this guild yet.</EmptyHint>
          ) : (
            <TableScroll label="Raid events" isBusy={query.isFetching}>
              <table className="table" data-testid="guild-raid-events">
                <thead>
                  <tr>
                    <th>Event</th>
                    <th>Instance</th>
                    <th>Difficulty</th>
                    <th>Starts</th>
                    <th className="table__number">Attendance</th>
                  </tr>
                </thead>
                <tbody>
                  {events.map((event) => (
                    <tr key={event.id} data-testid="guild-raid-event">
                      <td className="table__strong">{event.name}</td>
                      <td>{event.instance}</td>
                      <td>
                        <Badge tone="brand">{event.difficulty}</Badge>
                      </td>
                      <td>
                        <time dateTime={event.starts_at}>{formatDateTime(event.starts_at)}</time>
                      </td>
                      <td className="table__number">{formatCount(event.attendance)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          {total > GUILD_DATA_PAGE_SIZE && (
            <Pagination
              page={page}
              pageSize={GUILD_DATA_PAGE_SIZE}
              total={total}
              onPageChange={setPage}
              testId="raid-events-pagination"
            />
          )}
        </div>
      )}
    </QueryState>
  );
}
