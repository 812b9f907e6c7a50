import { type AiTurnQuery, aiTurnsApi } from '@guildhall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './endpoint';

/** The filters of Agent Logs' list and charts, as the API takes them. */
export type AiTurnFilters = Omit<AiTurnQuery, 'page' | 'limit'>;

/** Query keys of the agent turns. */
export const aiTurnKeys = {
  all: ['ai-turns'] as const,
  list: (filters: AiTurnFilters, page: number, limit: number) => [...aiTurnKeys.all, 'list', filters, page, limit] as const,
  stats: (filters: AiTurnFilters) => [...aiTurnKeys.all, 'stats', filters] as const,
  detail: (id: string) => [...aiTurnKeys.all, 'detail', id] as const,
};

/** One page of turns, newest first; the previous page stays on screen while the next loads. */
export function useAiTurns(filters: AiTurnFilters, page: number, limit: number) {
  return useQuery({
    queryKey: aiTurnKeys.list(filters, page, limit),
    queryFn: ({ signal }) => callEndpoint(aiTurnsApi.list, { query: { ...filters, page, limit }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The charts' figures for the same filters, with the choices of the filter selects. */
export function useAiTurnStats(filters: AiTurnFilters) {
  return useQuery({
    queryKey: aiTurnKeys.stats(filters),
    queryFn: ({ signal }) => callEndpoint(aiTurnsApi.stats, { query: filters, signal }),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
  });
}

/** One turn in full, when an id is given. */
export function useAiTurn(id: string | null) {
  return useQuery({
    queryKey: aiTurnKeys.detail(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(aiTurnsApi.detail, { params: { id: id! }, signal }),
    select: (answer) => answer.data,
    enabled: id !== null,
  });
}
