// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadMore, Pagination, StepPagination } from './pagination';

afterEach(cleanup);

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** A list of `total` rows, 10 a page, holding its page as a screen holds it in its URL. */
function Guilds({ total, first = 1 }: { total: number; first?: number }) {
  const [page, setPage] = useState(first);
  return <Pagination page={page} pageSize={10} total={total} onPageChange={setPage} noun="guilds" />;
}

describe('Pagination', () => {
  it('says which rows are shown and numbers the pages around the current one', () => {
    render(<Guilds total={95} first={5} />);
    expect(screen.getByTestId('pagination').textContent).toContain('Showing 41 to 50 of 95 guilds');
    const numbers = screen.getAllByRole('button', { name: /^Page \d+$/ }).map((item) => item.textContent);
    expect(numbers).toEqual(['3', '4', '5', '6', '7']);
    expect(button('Page 5').getAttribute('aria-current')).toBe('page');
  });

  it('holds Previous on the first page and Next on the last', () => {
    render(<Guilds total={25} />);
    expect(button('Previous page').disabled).toBe(true);
    expect(button('Next page').disabled).toBe(false);
    fireEvent.click(button('Page 3'));
    expect(button('Previous page').disabled).toBe(false);
    expect(button('Next page').disabled).toBe(true);
  });

  it('goes to a page by its number or one step at a time', () => {
    render(<Guilds total={95} />);
    fireEvent.click(button('Page 3'));
    expect(button('Page 3').getAttribute('aria-current')).toBe('page');
    fireEvent.click(button('Next page'));
    expect(button('Page 4').getAttribute('aria-current')).toBe('page');
    fireEvent.click(button('Previous page'));
    expect(button('Page 3').getAttribute('aria-current')).toBe('page');
  });

  it('is all buttons in the tab order, and keeps focus in the pager when Next runs out', () => {
    render(<Guilds total={25} first={2} />);
    for (const item of screen.getAllByRole('button')) {
      expect(item.getAttribute('type')).toBe('button');
      expect(item.tabIndex).toBe(0);
    }
    const next = button('Next page');
    next.focus();
    fireEvent.click(next);
    expect(next.disabled).toBe(true);
    expect(document.activeElement).toBe(button('Page 3'));
  });

  it("offers the kit's page sizes, and keeps a size from an old link among them", () => {
    function Sized({ first }: { first: number }) {
      const [pageSize, setPageSize] = useState(first);
      return <Pagination page={1} pageSize={pageSize} onPageSizeChange={setPageSize} total={95} onPageChange={() => {}} />;
    }
    render(<Sized first={25} />);
    const select = screen.getByLabelText('Rows per page') as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(['10', '25', '50', '100']);
    fireEvent.change(select, { target: { value: '50' } });
    expect(screen.getByTestId('pagination').textContent).toContain('Showing 1 to 50 of 95');
    cleanup();
    render(<Sized first={20} />);
    const odd = screen.getByLabelText('Rows per page') as HTMLSelectElement;
    expect([...odd.options].map((option) => option.value)).toEqual(['10', '20', '25', '50', '100']);
    expect(odd.value).toBe('20');
  });

  it('has no page size choice where the screen keeps one size', () => {
    render(<Guilds total={95} />);
    expect(screen.queryByLabelText('Rows per page')).toBeNull();
  });

  it('has page 1 and nothing to step to for an empty list', () => {
    render(<Guilds total={0} />);
    expect(screen.getByTestId('pagination').textContent).toContain('Showing 0 to 0 of 0');
    expect(button('Previous page').disabled).toBe(true);
    expect(button('Next page').disabled).toBe(true);
  });
});

/** Keyset pages: the screen knows only whether there is a next page. */
function Rows({ pages }: { pages: number }) {
  const [page, setPage] = useState(1);
  return (
    <StepPagination
      page={page}
      hasPrevious={page > 1}
      hasNext={page < pages}
      onPrevious={() => setPage(page - 1)}
      onNext={() => setPage(page + 1)}
      label="Row pages"
      testId="rows-page"
    >
      Page {page}
    </StepPagination>
  );
}

describe('StepPagination', () => {
  it('steps with Previous and Next, each held at its end', () => {
    render(<Rows pages={2} />);
    expect(screen.getByRole('navigation', { name: 'Row pages' })).toBeTruthy();
    expect(button('Previous').disabled).toBe(true);
    fireEvent.click(button('Next'));
    expect(screen.getByTestId('rows-page').textContent).toBe('Page 2');
    expect(button('Next').disabled).toBe(true);
    expect(button('Previous').disabled).toBe(false);
  });

  it('moves focus to Previous when Next runs out', () => {
    render(<Rows pages={2} />);
    button('Next').focus();
    fireEvent.click(button('Next'));
    expect(document.activeElement).toBe(button('Previous'));
  });

  it('holds both while a page loads', () => {
    const onNext = vi.fn();
    render(
      <StepPagination page={2} hasPrevious hasNext isBusy onPrevious={vi.fn()} onNext={onNext}>
        Page 2
      </StepPagination>,
    );
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(true);
  });

  it("offers the kit's page sizes when the screen keeps one in its URL, and none otherwise", () => {
    const onPageSizeChange = vi.fn();
    const { rerender } = render(
      <StepPagination page={1} hasPrevious={false} hasNext onPrevious={vi.fn()} onNext={vi.fn()}>
        Page 1
      </StepPagination>,
    );
    expect(screen.queryByLabelText('Rows per page')).toBeNull();
    rerender(
      <StepPagination
        page={1}
        hasPrevious={false}
        hasNext
        onPrevious={vi.fn()}
        onNext={vi.fn()}
        pageSize={50}
        onPageSizeChange={onPageSizeChange}
      >
        Page 1
      </StepPagination>,
    );
    const select = screen.getByLabelText('Rows per page') as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(['10', '25', '50', '100']);
    fireEvent.change(select, { target: { value: '100' } });
    expect(onPageSizeChange).toHaveBeenCalledWith(100);
  });
});

describe('LoadMore', () => {
  it('reads on once per click and says so while it reads', () => {
    const onLoadMore = vi.fn();
    const { rerender } = render(<LoadMore hasMore isLoading={false} onLoadMore={onLoadMore} summary="50 of 120 keys" />);
    expect(screen.getByText('50 of 120 keys')).toBeTruthy();
    fireEvent.click(button('Load more'));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(<LoadMore hasMore isLoading onLoadMore={onLoadMore} busyLabel="Scanning..." />);
    const busy = button('Scanning...');
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(busy);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('is gone once everything is read', () => {
    const { container } = render(<LoadMore hasMore={false} isLoading={false} onLoadMore={vi.fn()} />);
    expect(container.textContent).toBe('');
  });
});
