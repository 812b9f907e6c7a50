import { aiTurnQuery } from '@guildhall/contract';
import { z } from 'zod';
import type { AiTurnFilters } from '../../api/ai-turns';

/** The time ranges the screen offers, newest turns first; 'all' has no lower bound. */
export const TURN_RANGES = [
  { value: 'all', label: 'All time', hours: null },
  { value: '24h', label: 'Last 24 hours', hours: 24 },
  { value: '7d', label: 'Last 7 days', hours: 7 * 24 },
  { value: '30d', label: 'Last 30 days', hours: 30 * 24 },
  { value: '90d', label: 'Last 90 days', hours: 90 * 24 },
] as const;
/** One of TURN_RANGES. */
export type TurnRange = (typeof TURN_RANGES)[number]['value'];

/** Agent Logs' state in the URL: the list query's filters and page, the time range and the open turn. */
export const agentLogsQuery = z
  .object(aiTurnQuery.shape)
  .pick({ page: true, limit: true, guildId: true, provider: true, model: true, outcome: true, search: true })
  .extend({
    range: z.enum(TURN_RANGES.map((range) => range.value) as [TurnRange, ...TurnRange[]]).default('all'),
    /** The turn whose detail is open (`?turn=<id>`). */
    turn: z.uuid().optional(),
  });
/** Agent Logs' state, as the URL holds it. */
export type AgentLogsQuery = z.output<typeof agentLogsQuery>;

/** The API filters of a state; `now` is taken to the minute so the query stays the same while the screen is open. */
export function agentLogsFilters(state: AgentLogsQuery, now: number): AiTurnFilters {
  const hours = TURN_RANGES.find((range) => range.value === state.range)?.hours ?? null;
  const minute = Math.floor(now / 60_000) * 60_000;
  return {
    guildId: state.guildId,
    provider: state.provider,
    model: state.model,
    outcome: state.outcome,
    from: hours === null ? undefined : new Date(minute - hours * 3_600_000).toISOString(),
    search: state.search,
  };
}

/** Whether any filter is set (the page, its size and the open turn are not filters). */
export const hasAgentLogsFilters = (state: AgentLogsQuery) =>
  Boolean(state.guildId || state.provider || state.model || state.outcome || state.range !== 'all' || state.search);

/** Where a turn's training sample opens on the Training Data screen. */
export const sampleHref = (type: 'memory' | 'intent', id: string) =>
  `/admin/training-data?${new URLSearchParams({ type, sample: id })}`;
