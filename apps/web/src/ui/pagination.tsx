import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageCount, pageRange, pageWindow } from './page-window';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** How many numbered buttons at most. */
  buttons?: number;
  onPageChange: (page: number) => void;
  testId?: string;
  /** A word after the total: 'results' reads 'Showing 1 to 25 of 300 results'. */
  noun?: string;
}

/** 'Showing X to Y of Z', Previous, up to `buttons` page numbers, Next. */
export function Pagination({ page, pageSize, total, buttons = 5, onPageChange, testId = 'pagination', noun }: PaginationProps) {
  const pages = pageCount(total, pageSize);
  const { from, to } = pageRange(page, pageSize, total);
  return (
    <nav className="pagination" aria-label="Pagination" data-testid={testId}>
      <p className="pagination__summary">
        Showing {from.toLocaleString()} to {to.toLocaleString()} of {total.toLocaleString()}
        {noun ? ` ${noun}` : ''}
      </p>
      <div className="pagination__buttons">
        <button
          type="button"
          className="pagination__button"
          onClick={() => onPageChange(page - 1)}
          disabled={page <= 1}
          aria-label="Previous page"
        >
          <ChevronLeft size={16} aria-hidden="true" />
          <span>Previous</span>
        </button>
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
        <button
          type="button"
          className="pagination__button"
          onClick={() => onPageChange(page + 1)}
          disabled={page >= pages}
          aria-label="Next page"
        >
          <span>Next</span>
          <ChevronRight size={16} aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}
