import { characterRanksText, type RosterEntry, type RosterSort, WOW_CLASSES } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Badge } from '../../ui/badge';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { RosterActions } from './roster-actions';

const ROLE_LABELS: Readonly<Record<string, string>> = { tank: 'Tank', healer: 'Healer', dps: 'Damage' };

const column = (
  id: RosterSort | 'member' | 'spec' | 'role' | 'actions',
  header: string,
  cell: ColumnDef<RosterEntry>['cell'],
  options: { isSortable?: boolean; className?: string } = {},
) =>
  ({
    id,
    header,
    cell,
    meta: { isSortable: options.isSortable ?? false, className: options.className },
  }) as ColumnDef<RosterEntry>;

const muted = (text: string) => <span className="muted">{text}</span>;

function AttendanceCell({ entry }: { entry: RosterEntry }) {
  const standing = entry.attendance;
  if (!standing) return muted('—');
  if (standing.rate === null) return muted('No raids yet');
  return (
    <Badge tone={standing.meetsRule ? 'good' : 'bad'} data-testid="roster-attendance">
      {`${standing.rate} %`}
    </Badge>
  );
}

/** The roster's columns; officers get the attendance sort and a row's marks. */
export function rosterColumns(guildId: string, canManage: boolean): ColumnDef<RosterEntry>[] {
  const columns = [
    column(
      'name',
      'Character',
      ({ row }) => (
        <span className="roster-name">
          <strong>{row.original.name}</strong>
          <span className="muted"> {row.original.realm}</span>
          {row.original.member && (
            <Badge tone={row.original.member.isMain ? 'brand' : 'neutral'}>{row.original.member.isMain ? 'Main' : 'Alt'}</Badge>
          )}
        </span>
      ),
      { isSortable: true },
    ),
    column('member', 'Member', ({ row }) => {
      const member = row.original.member;
      if (!member) return muted('Not linked');
      return (
        <span className="roster-name">
          {member.name}
          {member.isTrial && <Badge tone="warn">Trial</Badge>}
          {member.isInactive && <Badge tone="unknown">Inactive</Badge>}
        </span>
      );
    }),
    column('class', 'Class', ({ row }) => row.original.class, { isSortable: true }),
    column('spec', 'Spec', ({ row }) => row.original.spec ?? muted('—')),
    column('role', 'Role', ({ row }) => (row.original.role ? ROLE_LABELS[row.original.role] : muted('—'))),
    column('itemLevel', 'Item level', ({ row }) => row.original.itemLevel ?? muted('—'), {
      isSortable: true,
      className: 'table__number',
    }),
    // The in-game rank sorts; WoWAudit's team rank reads beside it where the guild uses WoWAudit.
    column('rank', 'Rank', ({ row }) => characterRanksText(row.original.rank, row.original.teamRank) ?? muted('—'), {
      isSortable: true,
      className: 'table__number',
    }),
    column('attendance', 'Attendance', ({ row }) => <AttendanceCell entry={row.original} />, { isSortable: canManage }),
    column(
      'lastSeen',
      'Last seen',
      ({ row }) =>
        row.original.lastSeen ? (
          <time dateTime={row.original.lastSeen} title={formatDateTime(row.original.lastSeen)}>
            {formatRelative(row.original.lastSeen)}
          </time>
        ) : (
          muted('Never')
        ),
      { isSortable: true },
    ),
  ];
  if (canManage) {
    columns.push(
      column('actions', 'Marks', ({ row }) => <RosterActions guildId={guildId} entry={row.original} />, {
        className: 'table__actions',
      }),
    );
  }
  return columns;
}

/** The class filter's choices. */
export const CLASS_CHOICES = WOW_CLASSES.map((value) => ({ value, label: value }));
/** The role filter's choices. */
export const ROLE_CHOICES = Object.entries(ROLE_LABELS).map(([value, label]) => ({ value, label }));
