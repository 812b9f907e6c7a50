import { databaseManagerApi, databaseQueryApi } from '@guildhall/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './endpoint';

/** Which page of a table's rows to read: the table, the sort, the page size and the cursor the previous page gave. */
export interface RowsRequest {
  schema: string;
  table: string;
  sort?: string;
  direction: 'asc' | 'desc';
  limit: number;
  after?: string;
}

/** Query keys of the PostgreSQL manager. */
export const databaseKeys = {
  all: ['database-postgresql'] as const,
  schemas: () => [...databaseKeys.all, 'schemas'] as const,
  tables: (schema: string, exact: boolean) => [...databaseKeys.all, 'tables', schema, exact] as const,
  details: (schema: string, table: string) => [...databaseKeys.all, 'details', schema, table] as const,
  rows: (request: RowsRequest) => [...databaseKeys.all, 'rows', request] as const,
  stats: () => [...databaseKeys.all, 'connection-stats'] as const,
  migrations: () => [...databaseKeys.all, 'migrations'] as const,
};

/** The schemas of the database (user schemas). */
export function useDatabaseSchemas() {
  return useQuery({
    queryKey: databaseKeys.schemas(),
    queryFn: ({ signal }) => callEndpoint(databaseManagerApi.schemas, { signal }),
  });
}

/** A schema's tables with their row counts (estimated when large unless exact) and sizes. */
export function useDatabaseTables(schema: string, exact: boolean) {
  return useQuery({
    queryKey: databaseKeys.tables(schema, exact),
    queryFn: ({ signal }) => callEndpoint(databaseManagerApi.tables, { query: { schema, exact }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One table's columns, indexes, constraints, foreign keys and sizes. */
export function useTableDetails(schema: string, table: string | null) {
  return useQuery({
    queryKey: databaseKeys.details(schema, table ?? ''),
    queryFn: ({ signal }) => callEndpoint(databaseManagerApi.tableDetails, { query: { schema, table: table ?? '' }, signal }),
    enabled: table !== null,
  });
}

/** One keyset page of 50 rows; the page before stays on screen while the next loads. */
export function useTableRows(request: RowsRequest | null) {
  return useQuery({
    queryKey: databaseKeys.rows(request ?? { schema: '', table: '', direction: 'asc', limit: 0 }),
    queryFn: ({ signal }) => callEndpoint(databaseManagerApi.rows, { query: { ...(request as RowsRequest) }, signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

/** The project's migrations, applied and pending. */
export function useDatabaseMigrations() {
  return useQuery({
    queryKey: databaseKeys.migrations(),
    queryFn: ({ signal }) => callEndpoint(databaseManagerApi.migrations, { signal }),
  });
}

/** Runs one statement (read-only unless allowWrites) under a queryId the Cancel button can name. */
export function useRunQuery() {
  return useMutation({
    mutationFn: (body: { query: string; allowWrites: boolean; queryId: string }) => callEndpoint(databaseQueryApi.run, { body }),
  });
}

/** EXPLAIN (FORMAT JSON) of one statement; analyze runs it read-only. */
export function useExplainQuery() {
  return useMutation({
    mutationFn: (body: { query: string; analyze: boolean; queryId: string }) => callEndpoint(databaseQueryApi.explain, { body }),
  });
}

/** Asks the server to stop the statement running under that id. */
export function useCancelQuery() {
  return useMutation({
    mutationFn: (queryId: string) => callEndpoint(databaseQueryApi.cancel, { body: { queryId } }),
  });
}
