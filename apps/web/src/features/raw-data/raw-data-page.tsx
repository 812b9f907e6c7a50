import { RAW_DATA_MESSAGES, type RawEntity } from '@guildhall/contract';
import { X } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { rawExportPath, useRawEntities, useRawRows } from '../../api/raw-data';
import { useDownload } from '../../api/use-download';
import { GuildPicker } from '../../ui/guild-picker';
import { Modal } from '../../ui/modal';
import { StepPagination } from '../../ui/pagination';
import { EmptyHint } from '../../ui/query-state';
import { PageSpinner, Spinner } from '../../ui/spinner';
import { type TabItem, Tabs, tabPanelId } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useScrollFocus } from '../../ui/use-scroll-focus';
import { useUrlQuery } from '../../ui/use-url-query';
import {
  noRawFilters,
  type RawView as RawViewQuery,
  rawApiQuery,
  rawEntityQuery,
  rawFilters,
  rawViewQuery,
} from './raw-data-query';
import { RawFilters } from './raw-filters';
import { RawGrid } from './raw-grid';
import '../../styles/raw-data.css';
import { ExportMenu } from '../../ui/export-menu';
import { PageHeader } from '../../ui/page-header';

type Row = Record<string, unknown>;

/** The product's tables across tenants, read-only (issue 17): an entity's rows, filtered, sorted, paged by keyset. */
export function RawDataPage() {
  useDocumentTitle('Raw Data Views');
  const entities = useRawEntities();
  const list = (entities.data?.entities ?? []) as readonly RawEntity[];
  return (
    <div className="page raw-data">
      <PageHeader
        title="Raw Data Views"
        lead="The product's own tables as they are stored, across guilds. Read-only; sensitive columns are never shown."
      />
      {entities.isPending && <PageSpinner label="Loading entities..." />}
      {entities.isError && (
        <p className="alert alert--error" role="alert">
          Failed to load the entities: {errorMessage(entities.error)}
        </p>
      )}
      {list.length > 0 && <RawView entities={list} />}
    </div>
  );
}

function RawView({ entities }: { entities: readonly RawEntity[] }) {
  // The entity decides which column filters the URL may hold, so it is read first.
  const chosen = useUrlQuery(rawEntityQuery).query.entity;
  const entity = entities.find((candidate) => candidate.name === chosen) ?? entities[0]!;
  const schema = useMemo(() => rawViewQuery(entity), [entity]);
  const { query: urlView, set } = useUrlQuery(schema);
  const view = urlView as RawViewQuery;
  const filters = rawFilters(entity, view);
  const query = rawApiQuery(entity, view);
  const sort = view.sort ?? entity.defaultSort;
  const order = view.order ?? (view.sort ? 'asc' : entity.defaultOrder);
  // Keyset paging: the cursors of the pages after the first, reset whenever the view (entity, guild, sort, filters,
  // page size) changes.
  const viewKey = JSON.stringify([entity.name, query, view.limit]);
  const [paging, setPaging] = useState<{ key: string; cursors: string[] }>({ key: viewKey, cursors: [] });
  const cursors = paging.key === viewKey ? paging.cursors : [];
  const after = cursors.at(-1);
  const rows = useRawRows(entity.name, { ...query, limit: String(view.limit), ...(after ? { after } : {}) });
  const data = rows.data;
  const [opened, setOpened] = useState<Row | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const download = useDownload('the export did not finish', { onError: setExportError });

  const update = useCallback(
    (change: Partial<RawViewQuery>, replace = false) => set({ entity: entity.name, ...change }, { replace }),
    [set, entity],
  );
  const setFilter = useCallback((param: string, value: string) => update({ [param]: value }, true), [update]);
  const openRow = useCallback((row: Row) => setOpened(row), []);

  const tabs: TabItem<string>[] = entities.map((candidate) => ({ id: candidate.name, label: candidate.label }));
  const pageNumber = cursors.length + 1;

  function startExport(format: 'csv' | 'json') {
    setExportError(null);
    download.start({
      path: rawExportPath(entity.name),
      query: { ...query, format },
      fallbackFilename: `${entity.name}.${format}`,
    });
  }

  return (
    <>
      <Tabs
        label="Entities"
        tabs={tabs}
        active={entity.name}
        idPrefix="raw"
        onChange={(name) => update({ ...noRawFilters(entity), entity: name, sort: undefined, order: undefined })}
      />
      <section id={tabPanelId('raw', entity.name)} role="tabpanel" aria-label={entity.label} className="raw-panel">
        <p className="muted raw-panel__lead">{entity.description}</p>
        <div className="raw-toolbar">
          <div className="raw-toolbar__guild">
            <GuildPicker
              guildId={view.guildId ?? null}
              guildName={view.guildId ? (view.guildName ?? view.guildId) : 'All guilds'}
              onChange={(guild) => guild && update({ guildId: guild.id, guildName: guild.name })}
              placeholder="Choose a guild"
              variant="toolbar"
              inputTestId="guild-select"
            />
            {view.guildId && (
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => update({ guildId: undefined, guildName: undefined })}
                data-testid="raw-guild-clear"
              >
                <X size={14} aria-hidden="true" /> All guilds
              </button>
            )}
          </div>
          <div className="raw-toolbar__export">
            <ExportMenu formats={['csv', 'json']} onExport={startExport} isRunning={download.isRunning} testId="raw-export" />
          </div>
        </div>
        {view.guildId && <p className="muted raw-panel__scope">Guild filter: {entity.guildScope}</p>}
        {exportError && (
          <p className="alert alert--error" role="alert">
            Export failed: {exportError}
          </p>
        )}
        <RawFilters entity={entity} filters={filters} onChange={setFilter} onClear={() => update(noRawFilters(entity), true)} />
        {rows.isError && (
          <p className="alert alert--error" role="alert">
            {errorMessage(rows.error)}
          </p>
        )}
        {rows.isPending && !rows.isError && <Spinner label="Loading rows..." />}
        {data && data.rows.length === 0 && <EmptyHint>{RAW_DATA_MESSAGES.noRows}</EmptyHint>}
        {data && data.rows.length > 0 && (
          <RawGrid
            entity={entity}
            rows={data.rows}
            sort={sort}
            order={order}
            onSort={(nextSort, nextOrder) => update({ sort: nextSort, order: nextOrder })}
            onOpen={openRow}
            label={`${entity.label}, page ${pageNumber}`}
            isBusy={rows.isFetching}
          />
        )}
        <StepPagination
          page={pageNumber}
          hasPrevious={cursors.length > 0}
          hasNext={Boolean(data?.nextCursor)}
          isBusy={rows.isFetching}
          onPrevious={() => setPaging({ key: viewKey, cursors: cursors.slice(0, -1) })}
          onNext={() => data?.nextCursor && setPaging({ key: viewKey, cursors: [...cursors, data.nextCursor] })}
          label="Row pages"
          testId="raw-page"
          pageSize={view.limit}
          onPageSizeChange={(limit) => update({ limit })}
        >
          Page {pageNumber} · {view.limit} a page
        </StepPagination>
      </section>
      <Modal isOpen={opened !== null} title={`${entity.label}: row`} size="lg" onClose={() => setOpened(null)}>
        {opened !== null && <RowJson row={opened} />}
      </Modal>
    </>
  );
}

/** A row as JSON; focusable while it scrolls, so a keyboard can read a long row. */
function RowJson({ row }: { row: unknown }) {
  const ref = useRef<HTMLPreElement>(null);
  useScrollFocus(ref);
  return (
    <pre ref={ref} className="raw-json" data-testid="raw-row-json">
      {JSON.stringify(row, null, 2)}
    </pre>
  );
}
