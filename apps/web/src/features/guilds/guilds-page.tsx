import { GUILD_PAGE, type GuildTenant, MESSAGES } from '@guildhall/contract';
import { Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { errorMessage } from '../../api/api-error';
import { useGuildList } from '../../api/guilds';
import { Card } from '../../ui/card';
import { FilterBar } from '../../ui/filter-bar';
import { PageHeader } from '../../ui/page-header';
import { Pagination } from '../../ui/pagination';
import { QueryState } from '../../ui/query-state';
import { useToast } from '../../ui/toast-context';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLastPage } from '../../ui/use-last-page';
import { useSelection } from '../../ui/use-selection';
import { DeleteGuildModal } from './delete-guild-modal';
import { GuildBulkBar } from './guild-bulk-bar';
import { GuildExportButton } from './guild-export-button';
import { GUILD_FILTER_FIELDS } from './guild-filters';
import { GuildFormModal } from './guild-form-modal';
import { GuildStatCards } from './guild-stat-cards';
import { GuildTable } from './guild-table';
import type { SelectedGuild } from './selected-guilds';
import { useGuildListParams } from './use-guild-list-params';
import '../../styles/guilds.css';

type FormState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; guild: GuildTenant };

/** Guild Management (spec 1 §2): figures, filters in the URL, the table, bulk actions, export, create, edit and delete. */
export function GuildsPage() {
  useDocumentTitle('Guild Management');
  const toast = useToast();
  const location = useLocation();
  const { filters, update, setPage } = useGuildListParams();
  const list = useGuildList(filters);
  const selection = useSelection<SelectedGuild>();
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<GuildTenant | null>(null);
  const guilds = list.data?.guilds ?? [];
  const total = list.data?.total ?? 0;
  const { clear, refresh } = selection;
  const pageIds = useMemo(() => new Set(guilds.map((guild) => guild.id)), [guilds]);
  const selected = useMemo(() => [...selection.items.values()], [selection.items]);

  useEffect(() => {
    if (list.isError) toast.error(errorMessage(list.error, MESSAGES.loadGuildsFailed));
  }, [list.isError, list.error, toast]);

  // A new filter shows other guilds: a selection made under the old one would act on rows no longer in view.
  // Another page of the same filters keeps it: the bulk bar says how many are selected elsewhere and the
  // delete confirmation names every one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger, not read
  useEffect(clear, [filters.search, filters.status, filters.region, clear]);

  // A selected guild renamed meanwhile is named by its new name.
  useEffect(() => refresh(guilds), [guilds, refresh]);

  useLastPage({ isSuccess: list.isSuccess, rows: guilds.length, page: filters.page, pageSize: filters.limit, total }, setPage);

  const handleDeleted = useCallback((id: string) => selection.remove(id), [selection]);

  return (
    <div className="page">
      <PageHeader
        title="Guild Management"
        lead="Create, find and change guild tenants, and look into their data"
        actions={
          <>
            <GuildExportButton filters={filters} />
            <button type="button" className="button button--primary" onClick={() => setForm({ mode: 'create' })}>
              <Plus size={16} aria-hidden="true" />
              Create Guild
            </button>
          </>
        }
      />

      <GuildStatCards />

      <Card className="guild-list">
        <FilterBar values={filters} onChange={update} fields={GUILD_FILTER_FIELDS} />
        <GuildBulkBar selected={selected} pageIds={pageIds} onDeselect={selection.remove} onClear={clear} />
        <QueryState
          query={list}
          loading="Loading guilds..."
          errorText={MESSAGES.loadGuildsFailed}
          isEmpty={(page) => page.guilds.length === 0}
          empty={
            filters.search || filters.status !== 'all' || filters.region !== 'all'
              ? 'No guilds match these filters.'
              : 'No guilds yet. Create the first one.'
          }
          testId="guild-list"
        >
          {() => (
            <GuildTable
              guilds={guilds}
              selected={selection.items}
              listLocation={`${location.pathname}${location.search}`}
              isLoading={list.isFetching}
              onToggle={selection.toggle}
              onTogglePage={(select) => selection.set(guilds, select)}
              onEdit={(guild) => setForm({ mode: 'edit', guild })}
              onDelete={setDeleting}
            />
          )}
        </QueryState>
        <Pagination
          page={filters.page}
          pageSize={filters.limit}
          onPageSizeChange={(limit) => update({ limit })}
          total={total}
          buttons={GUILD_PAGE.buttons}
          onPageChange={setPage}
        />
      </Card>

      {form.mode !== 'closed' && (
        <GuildFormModal
          key={form.mode === 'edit' ? form.guild.id : 'new'}
          guild={form.mode === 'edit' ? form.guild : undefined}
          onClose={() => setForm({ mode: 'closed' })}
        />
      )}
      <DeleteGuildModal guild={deleting} onClose={() => setDeleting(null)} onDeleted={handleDeleted} />
    </div>
  );
}
