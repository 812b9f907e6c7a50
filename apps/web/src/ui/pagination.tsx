import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { PAGE_SIZES } from './page-size';
import { pageCount, pageRange, pageWindow } from './page-window';

/**
 * Keeps keyboard focus in the pager when the button just pressed turns disabled (Next on the last page, or both
 * while a page loads): focus moves to `fallback`, or back to the button once it is enabled again, instead of
 * falling to the page's body, where the next Tab starts over.
 */
function useFocusRescue(fallback: string, page: number) {
  const navRef = useRef<HTMLElement>(null);
  const pressed = useRef<{ button: HTMLButtonElement; page: number } | null>(null);
  useEffect(() => {
    if (!pressed.current) return;
    const { button } = pressed.current;
    if (button.disabled) {
      const other = navRef.current?.querySelector<HTMLButtonElement>(`${fallback}:not(:disabled)`);
      if (!other) return; // everything is held while the page loads: look again on the next render
      pressed.current = null;
      other.focus();
      return;
    }
    if (pressed.current.page === page) return; // the new page has not come yet
    pressed.current = null;
    const active = document.activeElement;
    if (!active || active === document.body) button.focus();
  });
  const press = (event: { currentTarget: HTMLButtonElement }) => {
    pressed.current = { button: event.currentTarget, page };
  };
  return { navRef, press };
}

function StepButton({ direction, label, ...rest }: { direction: 'previous' | 'next'; label?: string } & ButtonProps) {
  const text = direction === 'previous' ? 'Previous' : 'Next';
  return (
    <button type="button" className="pagination__button" aria-label={label} {...rest}>
      {direction === 'previous' && <ChevronLeft size={16} aria-hidden="true" />}
      <span>{text}</span>
      {direction === 'next' && <ChevronRight size={16} aria-hidden="true" />}
    </button>
  );
}

interface ButtonProps {
  onClick: (event: { currentTarget: HTMLButtonElement }) => void;
  disabled: boolean;
}

/** 'Rows per page' with the kit's page sizes (and a size from an old link that is not one of them). */
function PageSizeSelect({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  const id = useId();
  const sizes: readonly number[] = PAGE_SIZES.includes(value as (typeof PAGE_SIZES)[number])
    ? PAGE_SIZES
    : [...PAGE_SIZES, value].sort((a, b) => a - b);
  return (
    <div className="pagination__size">
      <label htmlFor={id}>Rows per page</label>
      <select
        id={id}
        className="input pagination__size-select"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        data-testid="page-size"
      >
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}

interface PaginationProps {
  page: number;
  pageSize: number;
  /** Offers the kit's page sizes; the screen keeps the choice in its URL (`pageSizeField`). */
  onPageSizeChange?: (size: number) => void;
  total: number;
  /** How many numbered buttons at most. */
  buttons?: number;
  onPageChange: (page: number) => void;
  testId?: string;
  /** A word after the total: 'results' reads 'Showing 1 to 25 of 300 results'. */
  noun?: string;
}

/** 'Showing X to Y of Z', Previous, up to `buttons` page numbers, Next: for lists whose total is known. */
export function Pagination({
  page,
  pageSize,
  onPageSizeChange,
  total,
  buttons = 5,
  onPageChange,
  testId = 'pagination',
  noun,
}: PaginationProps) {
  const pages = pageCount(total, pageSize);
  const { from, to } = pageRange(page, pageSize, total);
  const { navRef, press } = useFocusRescue('[aria-current="page"]', page);
  const step = (to: number) => (event: { currentTarget: HTMLButtonElement }) => {
    press(event);
    onPageChange(to);
  };
  return (
    <nav ref={navRef} className="pagination" aria-label="Pagination" data-testid={testId}>
      <p className="pagination__summary">
        Showing {from.toLocaleString()} to {to.toLocaleString()} of {total.toLocaleString()}
        {noun ? ` ${noun}` : ''}
      </p>
      {onPageSizeChange && <PageSizeSelect value={pageSize} onChange={onPageSizeChange} />}
      <div className="pagination__buttons">
        <StepButton direction="previous" label="Previous page" onClick={step(page - 1)} disabled={page <= 1} />
        {pageWindow(page, pages, buttons).map((number) => (
          <button
            key={number}
            type="button"
            className="pagination__button pagination__button--number"
            onClick={() => onPageChange(number)}
            aria-current={number === page ? 'page' : undefined}
            aria-label={`Page ${number}`}
          >
            {number}
          </button>
        ))}
        <StepButton direction="next" label="Next page" onClick={step(page + 1)} disabled={page >= pages} />
      </div>
    </nav>
  );
}

interface ListPaginationProps extends Pick<PaginationProps, 'buttons' | 'testId' | 'noun'> {
  /** The answer's page and total; while the next page loads, the page shown stays the one whose rows are shown. */
  pagination: { page: number; total: number } | undefined;
  /** The page and page size the screen's URL asks for. */
  query: { page: number; limit: number };
  /** Writes a new page or page size to the URL. */
  onChange: (change: { page: number } | { limit: number }) => void;
}

/** The pager of a server-paged list: its answer's page and total, the URL's page and size, the kit's page sizes. */
export function ListPagination({ pagination, query, onChange, ...rest }: ListPaginationProps) {
  return (
    <Pagination
      page={pagination?.page ?? query.page}
      pageSize={query.limit}
      onPageSizeChange={(limit) => onChange({ limit })}
      total={pagination?.total ?? 0}
      onPageChange={(page) => onChange({ page })}
      {...rest}
    />
  );
}

interface StepPaginationProps {
  /** The page shown, counted from 1. */
  page: number;
  /** What the middle says: 'Page 3 · 50 a page'. */
  children: ReactNode;
  hasPrevious: boolean;
  hasNext: boolean;
  /** While a page loads, neither button sends another. */
  isBusy?: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** Names the list the pages belong to: 'Row pages'. */
  label?: string;
  /** The middle text's test id. */
  testId?: string;
  /** The page size, with `onPageSizeChange`: offers the kit's page sizes, as the numbered pager does. */
  pageSize?: number;
  /** Writes a new page size (to the screen's `?limit=`); the list starts again from its first page. */
  onPageSizeChange?: (size: number) => void;
}

/**
 * Previous and Next only, for lists paged by a cursor or by 'is there more' (keyset rows, log search), where
 * the total and so the page numbers are unknown.
 */
export function StepPagination({
  page,
  children,
  hasPrevious,
  hasNext,
  isBusy = false,
  onPrevious,
  onNext,
  label = 'Pages',
  testId,
  pageSize,
  onPageSizeChange,
}: StepPaginationProps) {
  const { navRef, press } = useFocusRescue('.pagination__button', page);
  const step = (go: () => void) => (event: { currentTarget: HTMLButtonElement }) => {
    press(event);
    go();
  };
  return (
    <nav ref={navRef} className="pagination" aria-label={label}>
      <p className="pagination__summary" data-testid={testId} aria-live="polite">
        {children}
      </p>
      {pageSize !== undefined && onPageSizeChange && <PageSizeSelect value={pageSize} onChange={onPageSizeChange} />}
      <div className="pagination__buttons">
        <StepButton direction="previous" onClick={step(onPrevious)} disabled={!hasPrevious || isBusy} />
        <StepButton direction="next" onClick={step(onNext)} disabled={!hasNext || isBusy} />
      </div>
    </nav>
  );
}

interface LoadMoreProps {
  hasMore: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
  /** The button's words: 'Load more', 'Show more (50 of 230)'. */
  label?: string;
  /** Its words while the next part loads: 'Scanning...'. */
  busyLabel?: string;
  /** How much is on screen, beside the button: '100 of 4,000 elements'. */
  summary?: ReactNode;
  /** The button fills the width (a long list in a narrow panel). */
  isBlock?: boolean;
}

/** 'Load more' for lists read a part at a time (SCAN cursors, infinite queries): nothing once all is read. */
export function LoadMore({
  hasMore,
  isLoading,
  onLoadMore,
  label = 'Load more',
  busyLabel = 'Loading...',
  summary,
  isBlock = false,
}: LoadMoreProps) {
  if (!hasMore) return null;
  return (
    <div className="load-more">
      {summary && <span className="load-more__summary">{summary}</span>}
      <button
        type="button"
        className={`button button--secondary ${isBlock ? 'button--block' : 'button--small'}`}
        // Held with aria-disabled, not disabled: a disabled button drops keyboard focus to the page's body.
        aria-disabled={isLoading}
        onClick={isLoading ? undefined : onLoadMore}
      >
        {isLoading ? busyLabel : label}
      </button>
    </div>
  );
}
