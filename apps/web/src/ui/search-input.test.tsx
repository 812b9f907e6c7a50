// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SearchInput } from './search-input';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The box with the search in effect held by its page, as a page holds it in its URL or state. */
function Page({ searches }: { searches: string[] }) {
  const [search, setSearch] = useState('');
  return (
    <SearchInput
      value={search}
      onSearch={(value) => {
        searches.push(value);
        setSearch(value);
      }}
      label="Search guilds"
    />
  );
}

const box = () => screen.getByRole('searchbox', { name: 'Search guilds' }) as HTMLInputElement;

describe('SearchInput', () => {
  it('runs the search once typing settles', () => {
    const searches: string[] = [];
    render(<Page searches={searches} />);
    fireEvent.change(box(), { target: { value: ' Emerald ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(searches).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(searches).toEqual(['Emerald']);
  });

  it('keeps what was typed while the previous search landed', () => {
    const searches: string[] = [];
    render(<Page searches={searches} />);
    fireEvent.change(box(), { target: { value: 'Guild B' } });
    // The search for "Guild B" lands in the same moment as the next keystrokes.
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
      fireEvent.change(box(), { target: { value: 'Guild C' } });
    });
    expect(box().value).toBe('Guild C');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(searches).toEqual(['Guild B', 'Guild C']);
    expect(box().value).toBe('Guild C');
  });

  it('follows a search changed elsewhere (a link, Back)', () => {
    function Outside() {
      const [search, setSearch] = useState('first');
      return (
        <>
          <SearchInput value={search} onSearch={setSearch} label="Search guilds" />
          <button type="button" onClick={() => setSearch('from a link')}>
            link
          </button>
        </>
      );
    }
    render(<Outside />);
    expect(box().value).toBe('first');
    fireEvent.click(screen.getByRole('button', { name: 'link' }));
    expect(box().value).toBe('from a link');
  });
});
