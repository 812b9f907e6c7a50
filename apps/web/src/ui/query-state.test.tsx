// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { type QueryLike, QueryState } from './query-state';

afterEach(cleanup);

/** A query in a given state, as `useQuery` would report it. */
function query<T>(state: Partial<QueryLike<T>>): QueryLike<T> {
  return {
    data: undefined,
    error: null,
    isPending: state.data === undefined && !state.isError,
    isError: false,
    isFetching: false,
    fetchStatus: 'fetching',
    refetch: vi.fn(),
    ...state,
  };
}

function Guilds({ state, variant }: { state: QueryLike<string[]>; variant?: 'page' | 'panel' }) {
  return (
    <QueryState
      query={state}
      variant={variant}
      loading="Loading guilds..."
      errorText="Failed to load guilds"
      isEmpty={(names) => names.length === 0}
      empty="No guilds yet. Create the first one."
      testId="guilds"
    >
      {(names) => (
        <ul>
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

describe('QueryState', () => {
  it('shows the spinner with its label while the first answer is on its way', () => {
    render(<Guilds state={query({})} />);
    expect(screen.getByRole('status').textContent).toBe('Loading guilds...');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows nothing for a disabled query that has not run', () => {
    const { container } = render(<Guilds state={query({ fetchStatus: 'idle' })} />);
    expect(container.textContent).toBe('');
  });

  it("shows the service's message and a Retry that asks again", () => {
    const refetch = vi.fn();
    const error = new ApiError(503, 'Database unavailable');
    render(<Guilds state={query({ isError: true, error, fetchStatus: 'idle', refetch })} />);
    const alert = screen.getByRole('alert');
    expect(alert.dataset.testid).toBe('guilds-error');
    expect(alert.textContent).toContain('Database unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('falls back to its own words when the service said nothing (the network failed)', () => {
    render(<Guilds state={query({ isError: true, error: new ApiError(0, 'Failed to fetch') })} />);
    expect(screen.getByRole('alert').textContent).toContain('Failed to load guilds');
  });

  it('holds Retry while the second try is on its way, keeping focus on it', () => {
    const refetch = vi.fn();
    render(<Guilds state={query({ isError: true, error: new Error('x'), isFetching: true, refetch })} />);
    const retry = screen.getByRole('button', { name: 'Retry' });
    expect(retry.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(retry);
    expect(refetch).not.toHaveBeenCalled();
  });

  it('leaves Retry out for an error that asking again cannot mend', () => {
    render(
      <QueryState query={query({ isError: true, error: new ApiError(404, 'Guild not found') })} canRetry={() => false}>
        {() => null}
      </QueryState>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Guild not found');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows the empty hint when the answer has nothing', () => {
    render(<Guilds state={query({ data: [] })} />);
    expect(screen.getByTestId('guilds-empty').textContent).toBe('No guilds yet. Create the first one.');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('renders its children with the data', () => {
    render(<Guilds state={query({ data: ['Emerald Dream', 'Silver Hand'] })} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Emerald Dream', 'Silver Hand']);
  });

  it('keeps the data on screen when a later refetch fails', () => {
    render(<Guilds state={query({ data: ['Emerald Dream'], isError: true, error: new ApiError(503, 'down') })} />);
    expect(screen.getByRole('listitem').textContent).toBe('Emerald Dream');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('titles the page variant', () => {
    render(
      <QueryState
        query={query({ isError: true, error: new ApiError(503, 'Database unavailable') })}
        variant="page"
        errorTitle="Error Loading Accounts"
      >
        {() => null}
      </QueryState>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Error Loading Accounts');
    expect(screen.getByRole('alert').textContent).toContain('Database unavailable');
  });

  it('is a table row across the columns in the row variant', () => {
    render(
      <table>
        <tbody>
          <QueryState
            query={query({ data: [] as string[] })}
            variant="row"
            colSpan={4}
            isEmpty={(rows) => rows.length === 0}
            empty="No rows."
          >
            {() => null}
          </QueryState>
        </tbody>
      </table>,
    );
    const cell = screen.getByRole('cell');
    expect(cell.getAttribute('colspan')).toBe('4');
    expect(cell.textContent).toBe('No rows.');
  });
});
