import { selectedOnOtherPages } from '@guildhall/contract';
import {
  type ColumnDef,
  type ColumnMeta,
  type ExpandedState,
  getCoreRowModel,
  getExpandedRowModel,
  type Row as TableRow,
  useReactTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Fragment, type ReactNode, useRef, useState } from 'react';
import { renderPart } from './column-part';
import { type DataTableSort, HeadCell, PageCheckbox, Spacer, stackedLabel } from './data-table-parts';
import { type QueryLike, QueryState, queryView } from './query-state';
import { TableScroll } from './table-scroll';
import '../styles/data-table.css';

export type { DataTableSort } from './data-table-parts';

/** Checkboxes keyed by row id; the selection may hold rows of other pages (`ui/use-selection`). */
export interface DataTableSelection<Row> {
  /** Every selected id, on this page or another. */
  selected: { has: (id: string) => boolean; readonly size: number };
  onToggle: (row: Row) => void;
  onTogglePage: (rows: Row[], isSelected: boolean) => void;
  /** Each row checkbox's name: 'Select Onyx Vanguard'. */
  rowLabel: (row: Row) => string;
  /** The head checkbox's name: 'Select all guilds on this page'. */
  pageLabel: string;
  /** The screen's bulk bar says 'n selected on other pages' itself (with their names), so the table does not. */
  hasOwnSummary?: boolean;
}

/** A detail row under an open row; a column opens it with TanStack's `row.getToggleExpandedHandler()`. */
export interface DataTableExpansion<Row> {
  canExpand: (row: Row) => boolean;
  renderDetail: (row: Row, rowId: string) => ReactNode;
  detailClassName?: string;
}

/** Loading, error and empty rows under the head, from the list's query (`ui/query-state`). */
export interface DataTableState {
  query: QueryLike<unknown>;
  loading?: string;
  errorText?: string;
  canRetry?: (error: unknown) => boolean;
  empty?: ReactNode;
  emptyTitle?: ReactNode;
  /** `{testId}-loading`, `-error`, `-empty`. */
  testId?: string;
}

/** Rows in blocks, each under a heading row of its own (`<tbody>` a block): permissions by prefix. */
export interface DataTableGroups<Row> {
  keyOf: (row: Row) => string;
  /** The block's heading, from its first row. */
  label: (row: Row) => ReactNode;
  className?: string;
}

/** What a row carries besides its cells: test ids and data attributes the journeys find it by, a class. */
export type DataTableRowAttributes = { className?: string } & { [key: `data-${string}`]: string | undefined };

interface DataTableProps<Row, Sort extends string> {
  columns: ColumnDef<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row, index: number) => string;
  /** Names the scrolling box: what the table lists. */
  label: string;
  testId?: string;
  className?: string;
  rowAttributes?: (row: Row) => DataTableRowAttributes;
  sort?: DataTableSort<Sort>;
  selection?: DataTableSelection<Row>;
  expansion?: DataTableExpansion<Row>;
  state?: DataTableState;
  /** Only the rows in view are rendered once a page holds more than `from` rows (result grids of thousands). */
  virtual?: { estimateSize: number; from?: number };
  /** At phone width each row stacks its cells, each under its column's name, instead of scrolling sideways. */
  isStacked?: boolean;
  /** A refetch is under way: the rows on screen dim. */
  isBusy?: boolean;
  /**
   * Columns take their `size` (TanStack's column sizing) in a fixed layout, and may be resized: a column's head
   * calls `header.getResizeHandler()` or `table.setColumnSizing` (the PostgreSQL row grid).
   */
  isResizable?: boolean;
  groups?: DataTableGroups<Row>;
  caption?: ReactNode;
  /** A figure laid out as a table (a confusion matrix): only `className`'s styles, no list look, no sticky head. */
  isPlain?: boolean;
}

function cellClass<Row>(meta: ColumnMeta<Row, unknown> | undefined, row: Row) {
  const own = typeof meta?.cellClassName === 'function' ? meta.cellClassName(row) : meta?.cellClassName;
  return [meta?.className, own].filter(Boolean).join(' ') || undefined;
}

/** Consecutive rows of one group key, in order. */
function groupRows<Row>(rows: TableRow<Row>[], keyOf: (row: Row) => string) {
  const blocks: { key: string; rows: TableRow<Row>[] }[] = [];
  for (const row of rows) {
    const key = keyOf(row.original);
    const last = blocks.at(-1);
    if (last?.key === key) last.rows.push(row);
    else blocks.push({ key, rows: [row] });
  }
  return blocks;
}

/** Rows rendered beyond each edge of a virtualised box, so a fast scroll does not show blank space. */
const OVERSCAN = 10;

/**
 * The console's one table: TanStack Table over rows the server already sorted and paged (the screen keeps sort and
 * page in its URL), with optional selection that survives paging, detail rows, and a virtualised body for long
 * result sets. Heads that sort are buttons; every control in a row is reached by Tab.
 */
export function DataTable<Row, Sort extends string = string>(props: DataTableProps<Row, Sort>) {
  const { rows, selection, expansion, state, virtual } = props;
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const table = useReactTable<Row>({
    data: rows as Row[],
    columns: props.columns,
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    getRowCanExpand: (row) => expansion?.canExpand(row.original) ?? false,
    state: { expanded },
    onExpandedChange: setExpanded,
    manualSorting: true,
    manualPagination: true,
    getRowId: props.getRowId,
    enableColumnResizing: props.isResizable ?? false,
    columnResizeMode: 'onChange',
  });
  const boxRef = useRef<HTMLElement>(null);
  const tableRows = table.getRowModel().rows;
  const isVirtual = virtual !== undefined && tableRows.length > (virtual.from ?? 0);
  const virtualizer = useVirtualizer({
    count: isVirtual ? tableRows.length : 0,
    getScrollElement: () => boxRef.current,
    estimateSize: () => virtual?.estimateSize ?? 0,
    overscan: OVERSCAN,
  });
  // While the box scrolls (a keyboard End or Page Down scrolls smoothly), a row measured taller than its estimate
  // must not move scrollTop: that would stop the smooth scroll halfway.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = (item, _delta, instance) =>
    !instance.isScrolling && item.end <= (instance.scrollOffset ?? 0);

  const columnCount = table.getVisibleLeafColumns().length + (selection ? 1 : 0);
  const pageSelected = selection ? rows.filter((row, index) => selection.selected.has(props.getRowId(row, index))).length : 0;
  const offPage = selection && !selection.hasOwnSummary ? selection.selected.size - pageSelected : 0;
  const view = state ? queryView(state.query, () => rows.length === 0) : 'data';

  function renderRow(row: TableRow<Row>, virtualIndex?: number) {
    const isSelected = selection?.selected.has(row.id) ?? false;
    const attributes = props.rowAttributes?.(row.original) ?? {};
    const className = [attributes.className, isSelected && 'table__row--selected'].filter(Boolean).join(' ');
    return (
      <Fragment key={row.id}>
        <tr
          {...attributes}
          className={className || undefined}
          ref={virtualIndex === undefined ? undefined : virtualizer.measureElement}
          data-index={virtualIndex}
          aria-rowindex={virtualIndex === undefined ? undefined : virtualIndex + 2}
        >
          {selection && (
            <td className="table__check">
              <input
                type="checkbox"
                aria-label={selection.rowLabel(row.original)}
                checked={isSelected}
                onChange={() => selection.onToggle(row.original)}
              />
            </td>
          )}
          {row.getVisibleCells().map((cell) => {
            const { meta, header } = cell.column.columnDef;
            const label = props.isStacked ? stackedLabel(header) : undefined;
            const Cell = meta?.isRowHeader ? 'th' : 'td';
            return (
              <Cell
                key={cell.id}
                className={cellClass(meta, row.original)}
                scope={meta?.isRowHeader ? 'row' : undefined}
                data-label={label}
              >
                {renderPart(cell.column.columnDef.cell, cell.getContext())}
              </Cell>
            );
          })}
        </tr>
        {expansion && row.getIsExpanded() && (
          <tr className={expansion.detailClassName ?? 'data-table__detail'}>
            <td colSpan={columnCount}>{expansion.renderDetail(row.original, row.id)}</td>
          </tr>
        )}
      </Fragment>
    );
  }

  function renderBody() {
    if (view !== 'data') {
      if (!state || view === 'idle') return null;
      return (
        <QueryState {...state} query={state.query} variant="row" colSpan={columnCount} isEmpty={() => rows.length === 0}>
          {() => null}
        </QueryState>
      );
    }
    if (!isVirtual) return tableRows.map((row) => renderRow(row));
    const items = virtualizer.getVirtualItems();
    // Space for the rows not rendered, above and below the ones that are, so the scrollbar tells the whole length.
    const spaceAbove = items[0]?.start ?? 0;
    const spaceBelow = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
    return (
      <>
        {spaceAbove > 0 && <Spacer height={spaceAbove} columns={columnCount} />}
        {items.map((item) => {
          const row = tableRows[item.index];
          return row ? renderRow(row, item.index) : null;
        })}
        {spaceBelow > 0 && <Spacer height={spaceBelow} columns={columnCount} />}
      </>
    );
  }

  function renderBodies() {
    const { groups } = props;
    if (!groups || view !== 'data' || isVirtual) return <tbody>{renderBody()}</tbody>;
    return groupRows(tableRows, groups.keyOf).map((block) => (
      <tbody key={block.key}>
        <tr className={groups.className}>
          <th scope="rowgroup" colSpan={columnCount}>
            {block.rows[0] && groups.label(block.rows[0].original)}
          </th>
        </tr>
        {block.rows.map((row) => renderRow(row))}
      </tbody>
    ));
  }

  const tableClass = props.isPlain
    ? [props.className]
    : [
        'table',
        'data-table',
        props.isStacked && 'data-table--stacked',
        props.isResizable && 'data-table--sized',
        props.className,
      ];
  return (
    <>
      <TableScroll
        label={props.label}
        isBusy={props.isBusy}
        scrollRef={boxRef}
        className={['data-table-box', isVirtual && 'data-table-box--bounded', props.isPlain && 'data-table-box--plain']
          .filter(Boolean)
          .join(' ')}
      >
        <table
          className={tableClass.filter(Boolean).join(' ')}
          data-testid={props.testId}
          aria-rowcount={isVirtual ? tableRows.length + 1 : undefined}
          style={props.isResizable ? { width: table.getTotalSize() } : undefined}
        >
          {props.caption !== undefined && <caption>{props.caption}</caption>}
          {props.isResizable && (
            <colgroup>
              {selection && <col className="table__check" />}
              {table.getVisibleLeafColumns().map((column) => (
                <col key={column.id} style={{ width: column.getSize() }} />
              ))}
            </colgroup>
          )}
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} aria-rowindex={isVirtual ? 1 : undefined}>
                {selection && (
                  <th scope="col" className="table__check">
                    <PageCheckbox
                      count={pageSelected}
                      total={rows.length}
                      label={selection.pageLabel}
                      onChange={(isSelected) => selection.onTogglePage(rows as Row[], isSelected)}
                    />
                  </th>
                )}
                {group.headers.map((header) => (
                  <HeadCell key={header.id} header={header} sort={props.sort} />
                ))}
              </tr>
            ))}
          </thead>
          {renderBodies()}
        </table>
      </TableScroll>
      {selection && !selection.hasOwnSummary && (
        // Always there, so a screen reader hears the line when it appears.
        <p className="data-table__elsewhere" aria-live="polite" data-testid={props.testId && `${props.testId}-elsewhere`}>
          {offPage > 0 && selectedOnOtherPages(offPage)}
        </p>
      )}
    </>
  );
}
