// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useLiveSearchParams } from './use-live-search-params';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

/** Two filters changed by one click, before the screen renders again: a select, then another. */
function Filters() {
  const [params, setParams] = useLiveSearchParams();
  const set = (key: string, value: string) =>
    setParams((current) => {
      current.set(key, value);
      return current;
    });
  return (
    <>
      <button
        type="button"
        onClick={() => {
          set('verified', 'unverified');
          set('shouldRespond', 'true');
        }}
      >
        Filter
      </button>
      <output>{params.toString()}</output>
    </>
  );
}

describe('useLiveSearchParams', () => {
  it('keeps both of two changes made before a render, each starting from the address bar', () => {
    window.history.replaceState(null, '', '/admin/training-data?tab=intent');
    render(
      <BrowserRouter>
        <Filters />
      </BrowserRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(new URLSearchParams(window.location.search).toString()).toBe('tab=intent&verified=unverified&shouldRespond=true');
    expect(screen.getByRole('status').textContent).toBe('tab=intent&verified=unverified&shouldRespond=true');
  });
});
