import type { AiTurnSummary } from '@guildhall/contract';
import { Wrench } from 'lucide-react';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { formatCompact } from '../../ui/format-number';
import { TableScroll } from '../../ui/table-scroll';
import { TurnOutcomeBadge } from './turn-outcome-badge';

interface AgentLogsTableProps {
  turns: AiTurnSummary[];
  isLoading: boolean;
  onOpen: (id: string) => void;
}

/** One page of turns, newest first; the message opens the turn's detail. */
export function AgentLogsTable({ turns, isLoading, onOpen }: AgentLogsTableProps) {
  return (
    <TableScroll label="Agent turns" isBusy={isLoading}>
      <table className="table agent-table" data-testid="agent-table">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Guild</th>
            <th scope="col">Message</th>
            <th scope="col">Outcome</th>
            <th scope="col">Model</th>
            <th scope="col">Latency</th>
            <th scope="col">Tokens</th>
          </tr>
        </thead>
        <tbody>
          {turns.map((turn) => (
            <tr key={turn.id} data-testid="agent-row" data-outcome={turn.outcome} data-provider={turn.provider}>
              <td>
                <time className="agent-table__time" dateTime={turn.timestamp} title={formatRelative(turn.timestamp)}>
                  {formatDateTime(turn.timestamp)}
                </time>
              </td>
              <td>{turn.guildName ?? <span className="muted">{turn.discordGuildId}</span>}</td>
              <td className="agent-table__message">
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
              </td>
              <td>
                <TurnOutcomeBadge outcome={turn.outcome} />
              </td>
              <td>
                <span className="agent-table__model">
                  {turn.provider}
                  <span className="muted">{turn.model}</span>
                </span>
              </td>
              <td className="agent-table__number">{formatCompact(turn.latencyMs)} ms</td>
              <td className="agent-table__number">{formatCompact(turn.promptTokens + turn.completionTokens)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
