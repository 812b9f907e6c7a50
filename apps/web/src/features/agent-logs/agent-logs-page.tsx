import { AI_TURN_MESSAGES } from '@guildhall/contract';
import { X } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { useAiTurnStats, useAiTurns } from '../../api/ai-turns';
import { Card } from '../../ui/card';
import { Pagination } from '../../ui/pagination';
import { QueryState } from '../../ui/query-state';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useUrlQuery } from '../../ui/use-url-query';
import { AgentLogsCharts } from './agent-logs-charts';
import { AgentLogsFilterBar } from './agent-logs-filters';
import { type AgentLogsQuery, agentLogsFilters, agentLogsQuery, hasAgentLogsFilters } from './agent-logs-query';
import { AgentLogsTable } from './agent-logs-table';
import { TurnDetail } from './turn-detail';
import '../../styles/agent-logs.css';

const PAGE_SIZE = 25;

/** The bot's agent turns (issue 16): filters in the URL, charts, a paged list, and one turn's detail. */
export function AgentLogsPage() {
  useDocumentTitle('Agent Logs');
  // Opening and closing a turn keeps the list where it was; a new filter goes back to page 1.
  const { query: state, set, clear } = useUrlQuery(agentLogsQuery, { keepPage: ['turn'] });
  const update = useCallback((change: Partial<AgentLogsQuery>) => set(change, { replace: 'search' in change }), [set]);
  const setPage = useCallback((page: number) => set({ page }), [set]);
  const openTurn = useCallback((turn: string | null) => set({ turn: turn ?? undefined }), [set]);
  // The range's lower bound is fixed when the filters change, so the queries keep one key while the page is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the filters move the time bound, not the page or turn
  const filters = useMemo(
    () => agentLogsFilters(state, Date.now()),
    [state.guildId, state.provider, state.model, state.outcome, state.range, state.search],
  );
  const list = useAiTurns(filters, state.page, PAGE_SIZE);
  const stats = useAiTurnStats(filters);
  const turns = list.data?.turns ?? [];
  const total = list.data?.pagination.total ?? 0;
  const isFiltered = hasAgentLogsFilters(state);

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1 className="page__title">Agent Logs</h1>
          <p className="page__lead">
            Every turn the bot took: what it heard, whether it answered, the tools it used, how long it took
          </p>
        </div>
      </header>

      <Card className="agent-logs">
        <AgentLogsFilterBar state={state} choices={stats.data} onChange={update} />
        {isFiltered && (
          <div className="agent-logs__clear">
            <button type="button" className="button button--ghost button--small" onClick={clear}>
              <X size={14} aria-hidden="true" />
              Clear filters
            </button>
          </div>
        )}
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
        <Pagination
          page={list.data?.pagination.page ?? state.page}
          pageSize={PAGE_SIZE}
          total={total}
          onPageChange={setPage}
          testId="agent-pagination"
          noun="turns"
        />
      </Card>

      <TurnDetail id={state.turn ?? null} onClose={() => openTurn(null)} />
    </div>
  );
}
