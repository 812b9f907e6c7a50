import { AUDIT_LOG_MESSAGES } from '@guildhall/contract';
import { useCallback, useMemo } from 'react';
import { useAuditFacets, useAuditLog } from '../../api/audit-log';
import { Card } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { ListPagination } from '../../ui/pagination';
import { QueryState } from '../../ui/query-state';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLastPage } from '../../ui/use-last-page';
import { useUrlQuery } from '../../ui/use-url-query';
import { AuditExportButton } from './audit-export-button';
import { AuditLogFilterBar } from './audit-log-filters';
import { auditLogFilters, auditLogQuery, auditLogUrlQuery, hasAuditFilters, rangeError } from './audit-log-query';
import { AuditLogTable } from './audit-log-table';
import '../../styles/audit-log.css';

/** Audit Log: who did what to which target, when and from where; filtered in the URL, paged, exported as CSV. */
export function AuditLogPage() {
  useDocumentTitle('Audit Log');
  // Typing the actor replaces the history entry instead of adding one; a new filter goes back to page 1.
  const { query: state, set: update } = useUrlQuery(auditLogUrlQuery);
  const invalidRange = rangeError(state);
  const query = useMemo(() => auditLogQuery(state), [state]);
  const filters = useMemo(() => auditLogFilters(state), [state]);
  const list = useAuditLog(query, invalidRange === null);
  const facets = useAuditFacets();
  const entries = list.data?.data ?? [];
  const total = list.data?.pagination.total ?? 0;
  const isFiltered = hasAuditFilters(state);

  const goTo = useCallback((page: number) => update({ page }, { replace: true }), [update]);
  useLastPage({ isSuccess: list.isSuccess, rows: entries.length, page: state.page, pageSize: state.limit, total }, goTo);

  return (
    <div className="page">
      <PageHeader
        title="Audit Log"
        lead="Who did what to which target, when and from where, newest first"
        actions={<AuditExportButton filters={filters} isDisabled={invalidRange !== null} />}
      />

      <Card className="audit-log">
        <AuditLogFilterBar
          state={state}
          targetTypes={facets.data?.targetTypes ?? []}
          rangeError={invalidRange}
          onChange={update}
        />
        <QueryState
          query={list}
          loading="Loading audit records..."
          errorText={AUDIT_LOG_MESSAGES.loadFailed}
          isEmpty={() => entries.length === 0}
          empty={isFiltered ? AUDIT_LOG_MESSAGES.noEntriesMatch : AUDIT_LOG_MESSAGES.noEntries}
          testId="audit"
        >
          {() => <AuditLogTable entries={entries} isLoading={list.isFetching} />}
        </QueryState>
        <ListPagination
          pagination={list.data?.pagination}
          query={state}
          onChange={update}
          testId="audit-pagination"
          noun="records"
        />
      </Card>
    </div>
  );
}
