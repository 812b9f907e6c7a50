import { MESSAGES } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useId } from 'react';
import { DataTable } from '../../ui/data-table';
import { Pagination } from '../../ui/pagination';
import { EmptyHint, type QueryLike, QueryState } from '../../ui/query-state';

interface LootSectionProps<Row> {
  title: string;
  rows: readonly Row[];
  columns: ColumnDef<Row>[];
  /** A row's key; rows that carry an `id` need none. */
  getRowId?: (row: Row) => string;
  /** What the section says when it has no rows. */
  emptyText: string;
  testId: string;
  children?: ReactNode;
}

/** A titled panel of the loot pages holding one table (rows by their id), or its hint when there is nothing yet. */
export function LootSection<Row>({
  title,
  rows,
  columns,
  getRowId = (row) => (row as { id: string }).id,
  emptyText,
  testId,
  children,
}: LootSectionProps<Row>) {
  const titleId = useId();
  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title">
        {title}
      </h2>
      {rows.length === 0 ? (
        <EmptyHint>{emptyText}</EmptyHint>
      ) : (
        <DataTable columns={columns} rows={rows} getRowId={getRowId} label={title} testId={testId} isStacked />
      )}
      {children}
    </section>
  );
}

interface LootPagerProps {
  /** The answer's page, page size and total; no pager while it loads or when one page holds everything. */
  paging: { page: number; pageSize: number; total: number } | undefined;
  noun: string;
  onPageChange: (page: number) => void;
}

/** The pager of a loot list whose page size the server fixes (the log, the standings, a character's history). */
export function LootPager({ paging, noun, onPageChange }: LootPagerProps) {
  if (!paging || paging.total <= paging.pageSize) return null;
  return (
    <Pagination page={paging.page} pageSize={paging.pageSize} total={paging.total} noun={noun} onPageChange={onPageChange} />
  );
}

interface LootPagedTableProps<Row, Data> {
  query: QueryLike<Data> & { data?: Data; isPlaceholderData: boolean };
  rows: (data: Data) => readonly Row[];
  columns: ColumnDef<Row>[];
  getRowId: (row: Row) => string;
  /** Names the table; also its test id. */
  label: string;
  testId: string;
  loading: string;
  emptyTitle: string;
  noun: string;
  onPageChange: (page: number) => void;
}

/** A server-paged guild list of the loot pages (the loot log, the standings): its table, its states and its pager. */
export function LootPagedTable<Row, Data extends { page: number; pageSize: number; total: number }>(
  props: LootPagedTableProps<Row, Data>,
) {
  const { query, rows, columns, getRowId, label, testId, loading, emptyTitle, noun, onPageChange } = props;
  return (
    <>
      <DataTable
        columns={columns}
        rows={query.data ? rows(query.data) : []}
        getRowId={getRowId}
        label={label}
        testId={testId}
        isStacked
        isBusy={query.isPlaceholderData}
        state={{ query, loading, errorText: MESSAGES.requestFailed, emptyTitle }}
      />
      <LootPager paging={query.data} noun={noun} onPageChange={onPageChange} />
    </>
  );
}

interface LootChoiceProps<Data, Item extends { id: string }> {
  query: QueryLike<Data>;
  /** The items to choose from, in the picker's order; the first is shown when the URL names none of them. */
  items: (data: Data) => readonly Item[];
  loading: string;
  emptyTitle: string;
  empty: string;
  testId: string;
  /** The picker's label: 'Raid'. */
  label: string;
  optionLabel: (item: Item) => string;
  /** The id the URL names, if any. */
  chosenId: string | undefined;
  onChoose: (id: string) => void;
  /** A single item needs no picker (the member's only character). */
  isPickerHiddenForOne?: boolean;
  children: (chosen: Item) => ReactNode;
}

/** A loot tab that shows one item of a list at a time (a raid, one of the member's characters), chosen in a picker. */
export function LootChoice<Data, Item extends { id: string }>(props: LootChoiceProps<Data, Item>) {
  const { query, items, loading, emptyTitle, empty, testId, label, optionLabel, chosenId, onChoose } = props;
  return (
    <QueryState
      query={query}
      loading={loading}
      errorText={MESSAGES.requestFailed}
      isEmpty={(data) => items(data).length === 0}
      emptyTitle={emptyTitle}
      empty={empty}
      testId={testId}
    >
      {(data) => {
        const list = items(data);
        const chosen = list.find((item) => item.id === chosenId) ?? list[0]!;
        return (
          <>
            {(list.length > 1 || !props.isPickerHiddenForOne) && (
              <label className="loot-picker">
                <span className="field__label">{label}</span>
                <select className="input" value={chosen.id} onChange={(event) => onChoose(event.target.value)}>
                  {list.map((item) => (
                    <option key={item.id} value={item.id}>
                      {optionLabel(item)}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {props.children(chosen)}
          </>
        );
      }}
    </QueryState>
  );
}
