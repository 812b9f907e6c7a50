import type { AiTurnSummary } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Wrench } from 'lucide-react';
import { useMemo } from 'react';
import { DataTable } from '../../ui/data-table';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { formatCompact } from '../../ui/format-number';
import { TurnOutcomeBadge } from './turn-outcome-badge';

interface AgentLogsTableProps {
  turns: AiTurnSummary[];
  isLoading: boolean;
  onOpen: (id: string) => void;
}

function turnColumns(onOpen: (id: string) => void): ColumnDef<AiTurnSummary>[] {
  return [
    {
      id: 'time',
      header: 'Time',
      cell: ({ row: { original: turn } }) => (
        <time className="agent-table__time" dateTime={turn.timestamp} title={formatRelative(turn.timestamp)}>
          {formatDateTime(turn.timestamp)}
        </time>
      ),
    },
    {
      id: 'guild',
      header: 'Guild',
      cell: ({ row: { original: turn } }) => turn.guildName ?? <span className="muted">{turn.discordGuildId}</span>,
    },
    {
      id: 'message',
      header: 'Message',
      meta: { cellClassName: 'agent-table__message' },
      cell: ({ row: { original: turn } }) => (
        <>
          <button type="button" className="link-button agent-table__open" onClick={() => onOpen(turn.id)}>
            <span className="agent-table__user">{turn.username ?? turn.discordUserId}:</span> {turn.triggerMessage}
          </button>
          {turn.toolCallCount > 0 && (
            <span className="agent-table__tools" title="Tool calls">
              <Wrench size={12} aria-hidden="true" />
              <span className="visually-hidden">Tool calls: </span>
              {turn.toolCallCount}
            </span>
          )}
        </>
      ),
    },
    { id: 'outcome', header: 'Outcome', cell: ({ row }) => <TurnOutcomeBadge outcome={row.original.outcome} /> },
    {
      id: 'model',
      header: 'Model',
      cell: ({ row: { original: turn } }) => (
        <span className="agent-table__model">
          {turn.provider}
          <span className="muted">{turn.model}</span>
        </span>
      ),
    },
    {
      id: 'latency',
      header: 'Latency',
      meta: { cellClassName: 'agent-table__number' },
      cell: ({ row }) => `${formatCompact(row.original.latencyMs)} ms`,
    },
    {
      id: 'tokens',
      header: 'Tokens',
      meta: { cellClassName: 'agent-table__number' },
      cell: ({ row }) => formatCompact(row.original.promptTokens + row.original.completionTokens),
    },
  ];
}

/** One page of turns, newest first; the message opens the turn's detail. */
export function AgentLogsTable({ turns, isLoading, onOpen }: AgentLogsTableProps) {
  const columns = useMemo(() => turnColumns(onOpen), [onOpen]);
  return (
    <DataTable
      columns={columns}
      rows={turns}
      getRowId={(turn) => turn.id}
      label="Agent turns"
      testId="agent-table"
      className="agent-table"
      rowAttributes={(turn) => ({ 'data-testid': 'agent-row', 'data-outcome': turn.outcome, 'data-provider': turn.provider })}
      isStacked
      isBusy={isLoading}
    />
  );
}
