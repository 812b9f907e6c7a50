import { PLAYER_ACCOUNT_MESSAGES, type PlayerAccount, playerAccountListQuery } from '@guildhall/contract';
import { Plus, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { usePlayerAccountList, usePlayerStatistics } from '../../api/player-accounts';
import { Card } from '../../ui/card';
import { formatCount } from '../../ui/format';
import { isPagedList } from '../../ui/page-size';
import { PagedList } from '../../ui/paged-list';
import { QueryState } from '../../ui/query-state';
import { useToast } from '../../ui/toast-context';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useUrlQuery } from '../../ui/use-url-query';
import { AccountBulkBar } from './account-bulk-bar';
import { AccountDialogs, type DialogState } from './account-dialogs';
import { AccountFilters } from './account-filters';
import { AccountGrid } from './account-grid';
import { hasActiveFilters } from './account-list-query';
import { AccountStatCards } from './account-stat-cards';
import { BulkJobProgress } from './bulk-job-progress';
import { useAccountPermissions } from './use-account-permissions';
import { useBulkUpdate } from './use-bulk-update';
import '../../styles/player-accounts.css';

/** Player Account Management (spec 2 §2): counts, filters in the URL, the account cards, bulk status changes and the dialogs. */
export function PlayerAccountsPage() {
  useDocumentTitle('Player Account Management');
  const toast = useToast();
  const { canCreate, canBulkEdit } = useAccountPermissions();
  // Filters, sort and page in the URL; typing in the search replaces the history entry.
  const { query: filters, set: update } = useUrlQuery(playerAccountListQuery);
  const list = usePlayerAccountList(filters);
  const statistics = usePlayerStatistics();
  const bulk = useBulkUpdate();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<DialogState>({ kind: 'closed' });
  const accounts = list.data?.data ?? [];
  const total = list.data?.pagination.total ?? 0;
  const stats = statistics.data?.data;

  useEffect(() => {
    if (list.isError) toast.error(errorMessage(list.error, PLAYER_ACCOUNT_MESSAGES.loadFailed));
  }, [list.isError, list.error, toast]);

  // A new filter shows other accounts: a selection made under the old one would act on cards no longer in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger, not read
  useEffect(() => setSelected(new Set()), [filters.search, filters.status, filters.linkedTo]);

  async function handleRefresh() {
    const [result] = await Promise.all([list.refetch(), statistics.refetch()]);
    if (!result.isError) toast.success(PLAYER_ACCOUNT_MESSAGES.refreshed);
  }

  function toggle(account: PlayerAccount) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(account.id)) next.delete(account.id);
      else next.add(account.id);
      return next;
    });
  }

  function togglePage(select: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const account of accounts) {
        if (select) next.add(account.id);
        else next.delete(account.id);
      }
      return next;
    });
  }

  if (list.isError && !list.data) {
    // A first load that fails takes the whole page: the figures and filters mean nothing without the list.
    return (
      <QueryState
        query={list}
        variant="page"
        errorTitle="Error Loading Accounts"
        errorText={PLAYER_ACCOUNT_MESSAGES.loadFailed}
        testId="accounts-load"
      >
        {() => null}
      </QueryState>
    );
  }

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1 className="page__title">Player Account Management</h1>
          <p className="page__lead" data-testid="account-header-counts">
            {stats
              ? `${formatCount(stats.total)} accounts · ${formatCount(stats.discordLinked)} Discord linked · ${formatCount(stats.fullyLinked)} fully linked`
              : 'Player accounts across Discord and Battle.net'}
          </p>
        </div>
        <div className="page__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void handleRefresh()}
            disabled={list.isFetching}
          >
            <RefreshCw size={16} aria-hidden="true" />
            Refresh
          </button>
          {canCreate && (
            <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'create' })}>
              <Plus size={16} aria-hidden="true" />
              Create Account
            </button>
          )}
        </div>
      </header>

      <AccountStatCards statistics={stats} isLoading={statistics.isPending && !statistics.isError} />

      <Card className="account-list">
        <AccountFilters filters={filters} onChange={update} />
        {canBulkEdit && (
          <AccountBulkBar
            count={selected.size}
            isBusy={bulk.isStarting || bulk.job?.status === 'running'}
            onUpdate={(status) => bulk.run([...selected], status, () => setSelected(new Set()))}
            onClear={() => setSelected(new Set())}
          />
        )}
        {bulk.job && <BulkJobProgress job={bulk.job} onDismiss={bulk.dismiss} />}
        <PagedList
          query={list}
          page={filters}
          onPageChange={update}
          loading="Loading player accounts..."
          emptyTitle="No accounts found"
          empty={
            hasActiveFilters(filters) ? 'Try adjusting your search or filters.' : 'No player accounts are currently registered.'
          }
          testId="accounts"
          noun="results"
          hasPager={isPagedList(total)}
        >
          {(accounts) => (
            <AccountGrid
              accounts={accounts}
              selected={selected}
              canSelect={canBulkEdit}
              isLoading={list.isFetching}
              onToggle={toggle}
              onTogglePage={togglePage}
              onView={(account) => setDialog({ kind: 'view', account })}
              onEdit={(account) => setDialog({ kind: 'edit', account })}
              onLink={(account) => setDialog({ kind: 'link', account })}
            />
          )}
        </PagedList>
      </Card>

      <AccountDialogs dialog={dialog} onChange={setDialog} />
    </div>
  );
}
