// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { DataTable } from './data-table';
import type { SortOrder } from './sort-header';
import { useSelection } from './use-selection';

afterEach(cleanup);

interface Guild {
  id: string;
  name: string;
  members: number;
}

const GUILDS: Guild[] = Array.from({ length: 25 }, (_, index) => ({
  id: `g${index + 1}`,
  name: `Guild ${String(index + 1).padStart(2, '0')}`,
  members: (index * 7) % 40,
}));

const COLUMNS: ColumnDef<Guild>[] = [
  { id: 'name', header: 'Guild', cell: ({ row }) => row.original.name, meta: { isSortable: true } },
  {
    id: 'members',
    header: 'Members',
    cell: ({ row }) => row.original.members,
    meta: { isSortable: true, className: 'table__number' },
  },
  {
    id: 'details',
    header: 'Details',
    cell: ({ row }) => (
      <button type="button" aria-expanded={row.getIsExpanded()} onClick={row.getToggleExpandedHandler()}>
        Details of {row.original.name}
      </button>
    ),
  },
];

/** The server's part: sorts by the asked column and hands back one page of 10. */
function serverPage(sortBy: 'name' | 'members', order: SortOrder, page: number): Guild[] {
  const sorted = [...GUILDS].sort((a, b) => (sortBy === 'name' ? a.name.localeCompare(b.name) : a.members - b.members));
  if (order === 'desc') sorted.reverse();
  return sorted.slice((page - 1) * 10, page * 10);
}

/** A screen holding sort, page and selection the way a console screen keeps them (here in state, not the URL). */
function GuildList() {
  const [sort, setSort] = useState<{ by: 'name' | 'members'; order: SortOrder }>({ by: 'name', order: 'asc' });
  const [page, setPage] = useState(1);
  const selection = useSelection<Guild>();
  return (
    <>
      <DataTable<Guild, 'name' | 'members'>
        columns={COLUMNS}
        rows={serverPage(sort.by, sort.order, page)}
        getRowId={(guild) => guild.id}
        label="Guilds"
        testId="guild-table"
        rowAttributes={(guild) => ({ 'data-testid': 'guild-row', 'data-guild-id': guild.id })}
        sort={{ ...sort, onSort: (by, order) => setSort({ by, order }) }}
        selection={{
          selected: selection.items,
          onToggle: selection.toggle,
          onTogglePage: selection.set,
          rowLabel: (guild) => `Select ${guild.name}`,
          pageLabel: 'Select all guilds on this page',
        }}
        expansion={{
          canExpand: () => true,
          renderDetail: (guild) => (
            <p>
              {guild.name} has {guild.members} members
            </p>
          ),
        }}
      />
      <button type="button" onClick={() => setPage(page + 1)}>
        Next page
      </button>
      <button type="button" onClick={() => setPage(page - 1)}>
        Previous page
      </button>
    </>
  );
}

const names = () => screen.getAllByTestId('guild-row').map((row) => within(row).getAllByRole('cell')[1]?.textContent);
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('DataTable', () => {
  it('renders the columns of the definition and the rows the server sent, with their test ids', () => {
    render(<GuildList />);
    const heads = screen.getAllByRole('columnheader').map((head) => head.textContent);
    expect(heads).toEqual(['', 'Guild', 'Members', 'Details']);
    expect(screen.getAllByTestId('guild-row')).toHaveLength(10);
    expect(screen.getAllByTestId('guild-row')[0]?.getAttribute('data-guild-id')).toBe('g1');
    expect(screen.getByRole('region', { name: 'Guilds' })).toBeTruthy();
  });

  it('asks the server for a sort through the heads, which are buttons, and marks the sorted column', () => {
    render(<GuildList />);
    expect(screen.getByRole('columnheader', { name: /Guild/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Guild' }));
    expect(screen.getByRole('columnheader', { name: /Guild/ }).getAttribute('aria-sort')).toBe('descending');
    expect(names()[0]).toBe('Guild 25');
    fireEvent.click(screen.getByRole('button', { name: 'Members' }));
    expect(screen.getByRole('columnheader', { name: /Members/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /Guild/ }).getAttribute('aria-sort')).toBeNull();
    // A column the server does not sort by is plain text.
    expect(screen.queryByRole('button', { name: 'Details' })).toBeNull();
  });

  it('keeps a selection across pages and says how many are selected on other pages', () => {
    render(<GuildList />);
    fireEvent.click(checkbox('Select Guild 02'));
    fireEvent.click(checkbox('Select Guild 03'));
    expect(checkbox('Select all guilds on this page').indeterminate).toBe(true);
    expect(screen.getByTestId('guild-table-elsewhere').textContent).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByTestId('guild-table-elsewhere').textContent).toBe('2 selected on other pages');
    expect(checkbox('Select all guilds on this page').checked).toBe(false);
    fireEvent.click(checkbox('Select all guilds on this page'));
    expect(checkbox('Select Guild 11').checked).toBe(true);
    expect(checkbox('Select Guild 20').checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(checkbox('Select Guild 02').checked).toBe(true);
    expect(checkbox('Select Guild 01').checked).toBe(false);
    expect(screen.getAllByTestId('guild-row')[1]?.className).toContain('table__row--selected');
    expect(screen.getByTestId('guild-table-elsewhere').textContent).toBe('10 selected on other pages');
  });

  it('opens a detail row under its row and closes it again', () => {
    render(<GuildList />);
    const toggle = screen.getByRole('button', { name: 'Details of Guild 04' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const detail = screen.getByText('Guild 04 has 21 members');
    expect(detail.closest('td')?.getAttribute('colspan')).toBe('4');
    fireEvent.click(toggle);
    expect(screen.queryByText('Guild 04 has 21 members')).toBeNull();
  });

  it('is worked by keyboard: the Tab order goes head checkbox, sort buttons, then each row its checkbox and actions', () => {
    render(<GuildList />);
    // What Tab walks through: native controls in document order, none taken out of the order.
    const tabbable = Array.from(document.querySelectorAll<HTMLElement>('table button, table input')).filter(
      (element) => element.tabIndex >= 0 && !element.hasAttribute('disabled'),
    );
    const order = tabbable.slice(0, 6).map((element) => element.getAttribute('aria-label') ?? element.textContent);
    expect(order).toEqual([
      'Select all guilds on this page',
      'Guild',
      'Members',
      'Select Guild 01',
      'Details of Guild 01',
      'Select Guild 02',
    ]);
    // Native buttons and checkboxes: Enter and Space work them, focus stays where it was.
    const details = screen.getByRole('button', { name: 'Details of Guild 01' });
    details.focus();
    fireEvent.click(details);
    expect(document.activeElement).toBe(details);
  });
});

/** A list whose rows come from a real TanStack query, answered by `load`. */
function QueriedList({ load }: { load: () => Promise<Guild[]> }) {
  const list = useQuery({ queryKey: ['guilds'], queryFn: load, retry: false });
  return (
    <DataTable
      columns={COLUMNS}
      rows={list.data ?? []}
      getRowId={(guild) => guild.id}
      label="Guilds"
      state={{ query: list, loading: 'Loading guilds...', empty: 'No guilds yet.', testId: 'guilds' }}
    />
  );
}

function renderQueried(load: () => Promise<Guild[]>) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <QueriedList load={load} />
    </QueryClientProvider>,
  );
}

describe('DataTable states', () => {
  it('shows a loading row under the heads, then the rows', async () => {
    let answer: (guilds: Guild[]) => void = () => undefined;
    renderQueried(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByTestId('guilds-loading').textContent).toBe('Loading guilds...');
    expect(screen.getByTestId('guilds-loading').closest('td')?.getAttribute('colspan')).toBe('3');
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
    answer(GUILDS.slice(0, 2));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
  });

  it('shows the empty hint as a row', async () => {
    renderQueried(async () => []);
    expect((await screen.findByTestId('guilds-empty')).textContent).toBe('No guilds yet.');
  });

  it("shows the service's message with a Retry that asks again", async () => {
    let calls = 0;
    renderQueried(async () => {
      calls += 1;
      if (calls === 1) throw new ApiError(503, 'Database unavailable');
      return GUILDS.slice(0, 3);
    });
    const error = await screen.findByTestId('guilds-error');
    expect(error.textContent).toContain('Database unavailable');
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
  });
});

describe('DataTable virtual body', () => {
  it('renders only the rows in view of a long result and counts every row for assistive technology', () => {
    const many = Array.from({ length: 2000 }, (_, index) => ({ id: `r${index}`, name: `Row ${index}`, members: index }));
    render(
      <DataTable
        columns={COLUMNS}
        rows={many}
        getRowId={(row) => row.id}
        label="Result"
        testId="grid"
        virtual={{ estimateSize: 40 }}
      />,
    );
    const grid = screen.getByTestId('grid');
    expect(grid.getAttribute('aria-rowcount')).toBe('2001');
    expect(grid.querySelectorAll('tbody tr[aria-rowindex]').length).toBeLessThan(100);
  });

  it('renders every row of a page shorter than its threshold', () => {
    render(
      <DataTable
        columns={COLUMNS}
        rows={GUILDS}
        getRowId={(row) => row.id}
        label="Rows"
        testId="grid"
        virtual={{ estimateSize: 40, from: 100 }}
      />,
    );
    expect(screen.getByTestId('grid').getAttribute('aria-rowcount')).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(26);
  });
});

/** Cells that are inputs, with the column list made anew at every render (as the alert rules' inline editor does). */
function EditableNames() {
  const [names, setNames] = useState<Record<string, string>>({ g1: 'Onyx', g2: 'Ember' });
  const columns: ColumnDef<Guild>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: ({ row }) => (
        <input
          aria-label={`Name of ${row.original.id}`}
          value={names[row.original.id] ?? ''}
          onChange={(event) => setNames({ ...names, [row.original.id]: event.target.value })}
        />
      ),
    },
  ];
  return <DataTable columns={columns} rows={GUILDS.slice(0, 2)} getRowId={(row) => row.id} label="Names" />;
}

describe('DataTable with controls and blocks', () => {
  it('keeps an input in a cell mounted and focused while its value changes', () => {
    render(<EditableNames />);
    const input = screen.getByRole('textbox', { name: 'Name of g1' });
    input.focus();
    fireEvent.change(input, { target: { value: 'Onyx Vanguard' } });
    const after = screen.getByRole('textbox', { name: 'Name of g1' });
    expect(after).toBe(input);
    expect(document.activeElement).toBe(after);
    expect(after).toHaveProperty('value', 'Onyx Vanguard');
  });

  it('lists rows in blocks, each under a heading row, with a caption and a column head of its own', () => {
    const columns: ColumnDef<Guild>[] = [
      { id: 'name', header: 'Guild', cell: ({ row }) => row.original.name, meta: { isRowHeader: true } },
      {
        id: 'members',
        header: 'Members',
        cell: ({ row }) => row.original.members,
        meta: { headTestId: 'members-head', cellClassName: (row) => (row.members > 10 ? 'many' : undefined) },
      },
    ];
    render(
      <DataTable
        columns={columns}
        rows={GUILDS.slice(0, 4)}
        getRowId={(row) => row.id}
        label="Blocks"
        caption="Guilds by size"
        groups={{
          keyOf: (row) => (row.members > 10 ? 'large' : 'small'),
          label: (row) => (row.members > 10 ? 'Large' : 'Small'),
        }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Guilds by size' });
    const blocks = within(table).getAllByRole('rowgroup').slice(1);
    expect(blocks.map((block) => within(block).getAllByRole('rowheader')[0]?.textContent)).toEqual(['Small', 'Large']);
    expect(
      within(blocks[1] as HTMLElement)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Large', 'Guild 03', 'Guild 04']);
    expect(screen.getByTestId('members-head').textContent).toBe('Members');
    expect(screen.getByRole('cell', { name: '14' }).className).toBe('many');
  });
});
