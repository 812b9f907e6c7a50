import { rawDataApi } from '@guildhall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './endpoint';

/** Query keys of the raw data views. */
export const rawDataKeys = {
  all: ['raw-data'] as const,
  entities: () => [...rawDataKeys.all, 'entities'] as const,
  rows: (entity: string, query: Record<string, string>) => [...rawDataKeys.all, 'rows', entity, query] as const,
};

/** The entities with their columns, filters and sortable columns (one description in the contract). */
export function useRawEntities() {
  return useQuery({
    queryKey: rawDataKeys.entities(),
    queryFn: ({ signal }) => callEndpoint(rawDataApi.entities, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** One keyset page of an entity; the page before stays on screen while the next loads. */
export function useRawRows(entity: string | null, query: Record<string, string>) {
  return useQuery({
    queryKey: rawDataKeys.rows(entity ?? '', query),
    queryFn: ({ signal }) => callEndpoint(rawDataApi.list, { params: { entity: entity ?? '' }, query, signal }),
    enabled: entity !== null,
    placeholderData: keepPreviousData,
  });
}

/** The path of an entity's export. */
export const rawExportPath = (entity: string) => rawDataApi.export.path.replace(':entity', encodeURIComponent(entity));
