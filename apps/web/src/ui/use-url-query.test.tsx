// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseUrlQuery, tabQuery, urlQuerySearch, useUrlQuery } from './use-url-query';

/** A list query as the contract writes them: coerced numbers, enums with defaults, optional text, a list. */
const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  search: z.string().trim().max(100).optional(),
  status: z.enum(['all', 'active', 'inactive']).default('all'),
  roles: z.array(z.enum(['owner', 'operator', 'viewer'])).default([]),
  open: z.string().uuid().optional(),
});

const at = (search: string) => new URLSearchParams(search);

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('parseUrlQuery', () => {
  it('fills every missing field with its default', () => {
    expect(parseUrlQuery(listQuery, at(''))).toEqual({ page: 1, limit: 25, status: 'all', roles: [] });
  });

  it('reads numbers, enums, repeated keys and text through the schema', () => {
    expect(parseUrlQuery(listQuery, at('page=3&limit=10&search=%20storm%20&status=active&roles=owner&roles=viewer'))).toEqual({
      page: 3,
      limit: 10,
      search: 'storm',
      status: 'active',
      roles: ['owner', 'viewer'],
    });
  });

  it('gives a value that does not fit its default and keeps the fields that do', () => {
    expect(parseUrlQuery(listQuery, at('page=-2&limit=1000&status=gone&roles=king&open=not-a-uuid&search=ok'))).toEqual({
      page: 1,
      limit: 25,
      search: 'ok',
      status: 'all',
      roles: [],
    });
  });

  it('reads a text trimmed to nothing as missing', () => {
    expect(parseUrlQuery(listQuery, at('search=%20%20'))).toEqual({ page: 1, limit: 25, status: 'all', roles: [] });
  });
});

describe('urlQuerySearch', () => {
  it('leaves defaults out, so a plain screen keeps a plain address', () => {
    expect(urlQuerySearch(listQuery, { page: 1, limit: 25, status: 'all', roles: [], search: '' }).toString()).toBe('');
  });

  it('writes what differs, a list as repeated keys, and reads back the same', () => {
    const query = {
      page: 2,
      limit: 25,
      status: 'inactive' as const,
      roles: ['owner' as const, 'viewer' as const],
      search: 'a b',
    };
    const search = urlQuerySearch(listQuery, query);
    expect(search.toString()).toBe('page=2&search=a+b&status=inactive&roles=owner&roles=viewer');
    expect(parseUrlQuery(listQuery, search)).toEqual(query);
  });
});

function Screen() {
  const { query, set, clear } = useUrlQuery(listQuery, { keepPage: ['open'] });
  return (
    <>
      <button type="button" onClick={() => set({ page: 4 })}>
        Page 4
      </button>
      <button
        type="button"
        onClick={() => {
          set({ status: 'active' });
          set({ roles: ['operator'] });
        }}
      >
        Two filters
      </button>
      <button type="button" onClick={() => set({ open: '6f1c2a52-8d0e-4b7e-9a51-3c0f5a1e2b44' })}>
        Open a row
      </button>
      <button type="button" onClick={clear}>
        Clear
      </button>
      <output>{JSON.stringify(query)}</output>
    </>
  );
}

/** A second list on the same screen, its page under its own name. */
const guildQuery = z.object({
  guildSearch: z.string().trim().optional(),
  guildPage: z.coerce.number().int().min(1).default(1),
});

function GuildList() {
  const { set } = useUrlQuery(guildQuery, { pageField: 'guildPage' });
  return (
    <button type="button" onClick={() => set({ guildSearch: 'alpha' })}>
      Search guilds
    </button>
  );
}

const TABS = [{ id: 'tables' }, { id: 'query' }] as const;

function TabBar() {
  const { set } = useUrlQuery(tabQuery(TABS));
  return (
    <button type="button" onClick={() => set({ tab: 'query' }, { dropOthers: true })}>
      Query tab
    </button>
  );
}

function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  render(
    <BrowserRouter>
      <Screen />
      <GuildList />
      <TabBar />
    </BrowserRouter>,
  );
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const search = () => window.location.search;

describe('useUrlQuery', () => {
  it('keeps two filters changed before a render, and a new filter goes back to page 1', () => {
    renderAt('/admin/users?tab=list&page=3');
    click('Two filters');
    expect(search()).toBe('?tab=list&status=active&roles=operator');
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toMatchObject({
      page: 1,
      status: 'active',
      roles: ['operator'],
    });
  });

  it('keeps the page when a kept field changes, and clears only its own fields', () => {
    renderAt('/admin/users?tab=list&status=inactive');
    click('Page 4');
    click('Open a row');
    expect(search()).toBe('?tab=list&page=4&status=inactive&open=6f1c2a52-8d0e-4b7e-9a51-3c0f5a1e2b44');
    click('Clear');
    expect(search()).toBe('?tab=list');
  });

  it('sends a second list back to its own first page, and leaves the first list where it was', () => {
    renderAt('/admin/accounts?page=3&guildPage=2');
    click('Search guilds');
    expect(search()).toBe('?page=3&guildSearch=alpha');
  });

  it('switches a tab afresh when asked, the other keys dropped', () => {
    renderAt('/admin/database?schema=public&table=guilds');
    click('Query tab');
    expect(search()).toBe('?tab=query');
  });
});

describe('tabQuery', () => {
  it('reads a tab of the list, else the first, which stays out of the URL', () => {
    const schema = tabQuery(TABS);
    expect(parseUrlQuery(schema, at('tab=query')).tab).toBe('query');
    expect(parseUrlQuery(schema, at('tab=nope')).tab).toBe('tables');
    expect(urlQuerySearch(schema, { tab: 'tables' }).toString()).toBe('');
  });
});
