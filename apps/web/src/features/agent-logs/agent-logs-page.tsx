import { AI_TURN_MESSAGES } from '@guildhall/contract';
import { useCallback, useMemo } from 'react';
import { useAiTurnStats, useAiTurns } from '../../api/ai-turns';
import { Card } from '../../ui/card';
import { FilterBar } from '../../ui/filter-bar';
import { PageHeader } from '../../ui/page-header';
import { ListPagination } from '../../ui/pagination';
import { QueryState } from '../../ui/query-state';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useUrlQuery } from '../../ui/use-url-query';
import { AgentLogsCharts } from './agent-logs-charts';
import { agentLogsFilterFields } from './agent-logs-filters';
import { agentLogsFilters, agentLogsQuery, hasAgentLogsFilters } from './agent-logs-query';
import { AgentLogsTable } from './agent-logs-table';
import { TurnDetail } from './turn-detail';
import '../../styles/agent-logs.css';

/** The bot's agent turns (issue 16): filters in the URL, charts, a paged list, and one turn's detail. */
export function AgentLogsPage() {
  useDocumentTitle('Agent Logs');
  // Opening and closing a turn keeps the list where it was; a new filter goes back to page 1.
  const { query: state, set } = useUrlQuery(agentLogsQuery, { keepPage: ['turn'] });
  const openTurn = useCallback((turn: string | null) => set({ turn: turn ?? undefined }), [set]);
  // The range's lower bound is fixed when the filters change, so the queries keep one key while the page is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the filters move the time bound, not the page or turn
  const filters = useMemo(
    () => agentLogsFilters(state, Date.now()),
    [state.guildId, state.provider, state.model, state.outcome, state.range, state.search],
  );
  const list = useAiTurns(filters, state.page, state.limit);
  const stats = useAiTurnStats(filters);
  const turns = list.data?.turns ?? [];
  const isFiltered = hasAgentLogsFilters(state);

  return (
    <div className="page">
      <PageHeader
        title="Agent Logs"
        lead="Every turn the bot took: what it heard, whether it answered, the tools it used, how long it took"
      />

      <Card className="agent-logs">
        <FilterBar
          values={state}
          onChange={set}
          fields={agentLogsFilterFields(stats.data)}
          isFiltered={isFiltered}
          className="agent-filters"
        />
        <QueryState query={stats} loading="Loading charts..." errorTitle="Failed to load the charts" testId="agent-stats">
          {(answer) => <AgentLogsCharts stats={answer} />}
        </QueryState>
      </Card>

      <Card className="agent-logs">
        <QueryState
          query={list}
          loading="Loading agent turns..."
          errorText={AI_TURN_MESSAGES.turnsFailed}
          isEmpty={() => turns.length === 0}
          empty={isFiltered ? AI_TURN_MESSAGES.noTurnsMatch : AI_TURN_MESSAGES.noTurns}
          testId="agent"
        >
          {() => <AgentLogsTable turns={turns} isLoading={list.isFetching} onOpen={openTurn} />}
        </QueryState>
        <ListPagination pagination={list.data?.pagination} query={state} onChange={set} testId="agent-pagination" noun="turns" />
      </Card>

      <TurnDetail id={state.turn ?? null} onClose={() => openTurn(null)} />
    </div>
  );
}
