import type { GuildTenant } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { ChartNoAxesCombined, Database, Pencil, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { Badge } from '../../ui/badge';
import { DataTable, type DataTableSelection } from '../../ui/data-table';
import { formatCount } from '../../ui/format';
import { IconButton, IconLink } from '../../ui/icon-button';

interface GuildTableProps {
  guilds: GuildTenant[];
  /** The selection, which may hold guilds of other pages too. */
  selected: DataTableSelection<GuildTenant>['selected'];
  /** Where the data view's Close returns to: this list view with its filters. */
  listLocation: string;
  isLoading: boolean;
  onToggle: (guild: GuildTenant) => void;
  onTogglePage: (select: boolean) => void;
  onEdit: (guild: GuildTenant) => void;
  onDelete: (guild: GuildTenant) => void;
}

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

type Actions = Pick<GuildTableProps, 'listLocation' | 'onEdit' | 'onDelete'>;

function guildColumns({ listLocation, onEdit, onDelete }: Actions): ColumnDef<GuildTenant>[] {
  return [
    {
      id: 'guild',
      header: 'Guild',
      cell: ({ row: { original: guild } }) => (
        <div className="guild-cell">
          <span className="guild-cell__name">{guild.guild_name}</span>
          <span className="guild-cell__id" title="Guild id">
            {guild.id}
          </span>
        </div>
      ),
    },
    { id: 'server', header: 'Server', cell: ({ row }) => row.original.server },
    { id: 'region', header: 'Region', cell: ({ row }) => <Badge tone="brand">{row.original.region}</Badge> },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: guild } }) => (
        <Badge tone={guild.is_active ? 'good' : 'neutral'} dot="static" data-testid="guild-status">
          {guild.is_active ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      id: 'members',
      header: 'Members',
      meta: { className: 'table__number' },
      cell: ({ row: { original: guild } }) => (
        <>
          {formatCount(guild.memberCount)}
          <span className="muted"> / {formatCount(guild.max_members)}</span>
        </>
      ),
    },
    {
      id: 'created',
      header: 'Created',
      cell: ({ row }) => <time dateTime={row.original.created_at}>{formatDate(row.original.created_at)}</time>,
    },
    {
      id: 'actions',
      header: 'Actions',
      meta: { className: 'table__actions' },
      cell: ({ row: { original: guild } }) => (
        <>
          <IconLink
            to={`/admin/guilds/${guild.id}/data`}
            state={{ from: listLocation }}
            label={`View data of ${guild.guild_name}`}
            title="View data"
            icon={Database}
          />
          <IconLink
            to={`/admin/analytics?guild=${guild.id}`}
            label={`View analytics of ${guild.guild_name}`}
            title="View analytics"
            icon={ChartNoAxesCombined}
          />
          <IconButton label={`Edit ${guild.guild_name}`} title="Edit" icon={Pencil} onClick={() => onEdit(guild)} />
          <IconButton
            label={`Delete ${guild.guild_name}`}
            title="Delete"
            icon={Trash2}
            isDanger
            onClick={() => onDelete(guild)}
          />
        </>
      ),
    },
  ];
}

/**
 * The guild table (spec 1 §2): checkbox, name and id, server, region, status, members, created, actions. The bulk
 * bar above says what is selected on other pages, with their names, so the table does not.
 */
export function GuildTable({
  guilds,
  selected,
  listLocation,
  isLoading,
  onToggle,
  onTogglePage,
  onEdit,
  onDelete,
}: GuildTableProps) {
  const columns = useMemo(() => guildColumns({ listLocation, onEdit, onDelete }), [listLocation, onEdit, onDelete]);
  return (
    <DataTable
      columns={columns}
      rows={guilds}
      getRowId={(guild) => guild.id}
      label="Guilds"
      testId="guild-table"
      rowAttributes={(guild) => ({ 'data-testid': 'guild-row', 'data-guild-id': guild.id })}
      selection={{
        selected,
        onToggle,
        onTogglePage: (_rows, isSelected) => onTogglePage(isSelected),
        rowLabel: (guild) => `Select ${guild.guild_name}`,
        pageLabel: 'Select all guilds on this page',
        hasOwnSummary: true,
      }}
      isBusy={isLoading}
    />
  );
}
