// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FilterBar, type FilterField } from './filter-bar';
import { useUrlQuery } from './use-url-query';

/** A screen's list query: a search, a role, a minimum level (a number), a date range, a check, a page. */
const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  search: z.string().trim().max(100).optional(),
  role: z.enum(['tank', 'healer', 'dps']).optional(),
  minLevel: z.coerce.number().int().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  hasItemLevel: z.stringbool().default(false),
});
type ListQuery = z.output<typeof listQuery>;

const FIELDS: FilterField<ListQuery>[] = [
  { kind: 'search', name: 'search', label: 'Search characters', testId: 'search' },
  {
    kind: 'select',
    name: 'role',
    label: 'Role',
    all: 'All roles',
    options: [
      { value: 'tank', label: 'Tank' },
      { value: 'healer', label: 'Healer' },
    ],
  },
  {
    kind: 'select',
    name: 'minLevel',
    label: 'Minimum level',
    all: 'Any level',
    options: [
      { value: 70, label: '70 and up' },
      { value: 80, label: '80 and up' },
    ],
  },
  { kind: 'dates', from: 'from', to: 'to', type: 'date', testId: 'range' },
  { kind: 'toggle', name: 'hasItemLevel', label: 'Has item level' },
];

function Screen({ error }: { error?: string }) {
  const { query, set } = useUrlQuery(listQuery);
  const fields = FIELDS.map((field) => (field.kind === 'dates' ? { ...field, error } : field));
  const isFiltered = Boolean(query.search || query.role || query.minLevel || query.from || query.to || query.hasItemLevel);
  return <FilterBar values={query} onChange={set} fields={fields} isFiltered={isFiltered} label="Filter characters" />;
}

const show = (url: string, error?: string) => {
  window.history.replaceState(null, '', url);
  render(
    <BrowserRouter>
      <Screen error={error} />
    </BrowserRouter>,
  );
};
const url = () => window.location.search;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('FilterBar', () => {
  it('shows the filters the URL holds, a value the choices lack included', () => {
    show('/?search=ash&role=healer&minLevel=75&from=2026-03-01&hasItemLevel=true');
    expect((screen.getByLabelText('Search characters') as HTMLInputElement).value).toBe('ash');
    expect((screen.getByLabelText('Role') as HTMLSelectElement).value).toBe('healer');
    const level = screen.getByLabelText('Minimum level') as HTMLSelectElement;
    expect(level.value).toBe('75');
    expect([...level.options].map((option) => option.text)).toEqual(['Any level', '70 and up', '80 and up', '75']);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-03-01');
    expect((screen.getByLabelText('Has item level') as HTMLInputElement).checked).toBe(true);
    expect(document.querySelector('search.filter-bar')?.getAttribute('aria-label')).toBe('Filter characters');
  });

  it('writes each change to the URL, back to page 1, and "All" takes the filter out', () => {
    show('/?page=3');
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'tank' } });
    expect(url()).toBe('?role=tank');
    fireEvent.change(screen.getByLabelText('Minimum level'), { target: { value: '80' } });
    expect(url()).toBe('?role=tank&minLevel=80');
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: '' } });
    expect(url()).toBe('?minLevel=80');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    fireEvent.click(screen.getByLabelText('Has item level'));
    expect(url()).toBe('?minLevel=80&to=2026-03-31&hasItemLevel=true');
  });

  it('searches once typing settles, replacing the history entry', () => {
    vi.useFakeTimers();
    show('/');
    const before = window.history.length;
    fireEvent.change(screen.getByLabelText('Search characters'), { target: { value: ' thrall ' } });
    expect(url()).toBe('');
    act(() => vi.advanceTimersByTime(400));
    expect(url()).toBe('?search=thrall');
    expect(window.history.length).toBe(before);
  });

  it("says why the range cannot be used, and Clear filters drops every filter but the page's place", () => {
    show('/?role=tank&from=2026-03-31&to=2026-03-01&hasItemLevel=true', 'The start must be before the end');
    expect(screen.getByRole('alert').textContent).toBe('The start must be before the end');
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(url()).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });
});
