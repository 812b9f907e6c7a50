import type { GuildTenant } from '@guildhall/contract';
import { ChartNoAxesCombined, Database, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../ui/badge';
import { formatCount } from '../dashboard/format';

interface GuildTableProps {
  guilds: GuildTenant[];
  /** The selection, which may hold guilds of other pages too. */
  selected: { has: (id: string) => boolean };
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

function PageCheckbox({ guilds, selected, onTogglePage }: Pick<GuildTableProps, 'guilds' | 'selected' | 'onTogglePage'>) {
  const ref = useRef<HTMLInputElement>(null);
  const count = guilds.filter((guild) => selected.has(guild.id)).length;
  const isAll = guilds.length > 0 && count === guilds.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !isAll;
  }, [count, isAll]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label="Select all guilds on this page"
      checked={isAll}
      disabled={guilds.length === 0}
      onChange={() => onTogglePage(!isAll)}
    />
  );
}

/** The guild table (spec 1 §2): checkbox, name and id, server, region, status, members, created, actions. */
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
  return (
    <div className="table-wrap" aria-busy={isLoading}>
      <table className="table" data-testid="guild-table">
        <thead>
          <tr>
            <th className="table__check">
              <PageCheckbox guilds={guilds} selected={selected} onTogglePage={onTogglePage} />
            </th>
            <th>Guild</th>
            <th>Server</th>
            <th>Region</th>
            <th>Status</th>
            <th className="table__number">Members</th>
            <th>Created</th>
            <th className="table__actions">Actions</th>
          </tr>
        </thead>
        <tbody>
          {guilds.map((guild) => (
            <tr
              key={guild.id}
              data-testid="guild-row"
              data-guild-id={guild.id}
              className={selected.has(guild.id) ? 'table__row--selected' : undefined}
            >
              <td className="table__check">
                <input
                  type="checkbox"
                  aria-label={`Select ${guild.guild_name}`}
                  checked={selected.has(guild.id)}
                  onChange={() => onToggle(guild)}
                />
              </td>
              <td>
                <div className="guild-cell">
                  <span className="guild-cell__name">{guild.guild_name}</span>
                  <span className="guild-cell__id" title="Guild id">
                    {guild.id}
                  </span>
                </div>
              </td>
              <td>{guild.server}</td>
              <td>
                <Badge tone="brand">{guild.region}</Badge>
              </td>
              <td>
                <Badge tone={guild.is_active ? 'good' : 'neutral'} dot="static" data-testid="guild-status">
                  {guild.is_active ? 'Active' : 'Inactive'}
                </Badge>
              </td>
              <td className="table__number">
                {formatCount(guild.memberCount)}
                <span className="muted"> / {formatCount(guild.max_members)}</span>
              </td>
              <td>
                <time dateTime={guild.created_at}>{formatDate(guild.created_at)}</time>
              </td>
              <td className="table__actions">
                <Link
                  className="icon-button"
                  to={`/admin/guilds/${guild.id}/data`}
                  state={{ from: listLocation }}
                  aria-label={`View data of ${guild.guild_name}`}
                  title="View data"
                >
                  <Database size={16} aria-hidden="true" />
                </Link>
                <Link
                  className="icon-button"
                  to={`/admin/analytics?guild=${guild.id}`}
                  aria-label={`View analytics of ${guild.guild_name}`}
                  title="View analytics"
                >
                  <ChartNoAxesCombined size={16} aria-hidden="true" />
                </Link>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Edit ${guild.guild_name}`}
                  title="Edit"
                  onClick={() => onEdit(guild)}
                >
                  <Pencil size={16} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="icon-button icon-button--danger"
                  aria-label={`Delete ${guild.guild_name}`}
                  title="Delete"
                  onClick={() => onDelete(guild)}
                >
                  <Trash2 size={16} aria-hidden="true" />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
