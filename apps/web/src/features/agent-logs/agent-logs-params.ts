import { TURN_OUTCOMES, type TurnOutcome } from '@guildhall/contract';
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

/** Agent Logs' state in the URL: filters, page and the open turn. */
export interface AgentLogsParams {
  page: number;
  guildId: string;
  provider: string;
  model: string;
  outcome: TurnOutcome | '';
  range: TurnRange;
  search: string;
  /** The turn whose detail is open (`?turn=<id>`), or null. */
  turn: string | null;
}

const OUTCOMES = new Set<string>(TURN_OUTCOMES);
const RANGES = new Set<string>(TURN_RANGES.map((range) => range.value));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The state a URL holds; what is missing or unknown takes its default. */
export function parseAgentLogsParams(params: URLSearchParams): AgentLogsParams {
  const outcome = params.get('outcome') ?? '';
  const range = params.get('range') ?? '';
  const guildId = params.get('guildId') ?? '';
  const turn = params.get('turn');
  return {
    page: Math.max(1, Math.trunc(Number(params.get('page'))) || 1),
    guildId: UUID.test(guildId) ? guildId : '',
    provider: params.get('provider') ?? '',
    model: params.get('model') ?? '',
    outcome: OUTCOMES.has(outcome) ? (outcome as TurnOutcome) : '',
    range: RANGES.has(range) ? (range as TurnRange) : 'all',
    search: params.get('search') ?? '',
    turn: turn && UUID.test(turn) ? turn : null,
  };
}

/** The URL of a state: only what differs from the defaults. */
export function agentLogsSearchParams(state: AgentLogsParams): URLSearchParams {
  const params = new URLSearchParams();
  if (state.guildId) params.set('guildId', state.guildId);
  if (state.provider) params.set('provider', state.provider);
  if (state.model) params.set('model', state.model);
  if (state.outcome) params.set('outcome', state.outcome);
  if (state.range !== 'all') params.set('range', state.range);
  if (state.search) params.set('search', state.search);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.turn) params.set('turn', state.turn);
  return params;
}

/** The API filters of a state; `now` is taken to the minute so the query stays the same while the screen is open. */
export function agentLogsFilters(state: AgentLogsParams, now: number): AiTurnFilters {
  const hours = TURN_RANGES.find((range) => range.value === state.range)?.hours ?? null;
  const minute = Math.floor(now / 60_000) * 60_000;
  return {
    guildId: state.guildId || undefined,
    provider: state.provider || undefined,
    model: state.model || undefined,
    outcome: state.outcome || undefined,
    from: hours === null ? undefined : new Date(minute - hours * 3_600_000).toISOString(),
    search: state.search || undefined,
  };
}

/** Whether any filter is set (the page and the open turn are not filters). */
export const hasAgentLogsFilters = (state: AgentLogsParams) =>
  Boolean(state.guildId || state.provider || state.model || state.outcome || state.range !== 'all' || state.search);

/** Where a turn's training sample opens on the Training Data screen. */
export const sampleHref = (type: 'memory' | 'intent', id: string) =>
  `/admin/training-data?${new URLSearchParams({ type, sample: id })}`;
