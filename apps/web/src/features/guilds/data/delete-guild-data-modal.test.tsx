// @vitest-environment happy-dom
import { GUILD_DATA_KIND_LABELS, GUILD_DATA_KINDS, GUILD_MESSAGES } from '@guildhall/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ToastApi, ToastContext } from '../../../ui/toast-context';
import { DeleteGuildDataModal } from './delete-guild-data-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const GUILD = { id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f', guild_name: 'Crimson Covenant' };
const COUNTS = {
  characters: 3,
  loot_entries: 4,
  raid_events: 2,
  discord_users: 4,
  loot_ledger_entries: 1250,
  loot_wishlist_items: 7,
  loot_council_items: 1,
};

function renderModal() {
  const toast = { success: vi.fn(), error: vi.fn() } as unknown as ToastApi;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastContext.Provider value={toast}>
        <DeleteGuildDataModal guild={GUILD} counts={COUNTS} onClose={vi.fn()} />
      </ToastContext.Provider>
    </QueryClientProvider>,
  );
}

describe('DeleteGuildDataModal', () => {
  it("names what goes, the loot system's ledger, wishlists and council items included", () => {
    renderModal();
    expect(screen.getByTestId('guild-data-doomed').textContent).toMatch(
      /^This permanently deletes 3 characters, 4 loot entries, 2 raid events, 4 Discord members, 1,250 ledger entries, 7 wishlist lines and 1 loot council items of Crimson Covenant\./,
    );
  });

  it('shows the rows removed of every kind once the typed name matches', async () => {
    const removed = Object.fromEntries(GUILD_DATA_KINDS.map((kind, i) => [kind, i + 1]));
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, message: GUILD_MESSAGES.dataDeleted, removed }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    renderModal();
    fireEvent.change(screen.getByLabelText('Type the guild name to confirm'), { target: { value: GUILD.guild_name } });
    fireEvent.submit(screen.getByTestId('delete-guild-data-form'));
    const list = await screen.findByTestId('guild-data-removed');
    expect(fetch).toHaveBeenCalledTimes(1);
    for (const [i, kind] of GUILD_DATA_KINDS.entries()) {
      const row = list.querySelector(`[data-kind="${kind}"]`) as HTMLElement;
      expect(within(row).getByText(GUILD_DATA_KIND_LABELS[kind])).toBeTruthy();
      expect(row.textContent).toContain(`${i + 1} removed`);
    }
    expect(list.textContent).toContain('Wishlist lines');
    expect(list.textContent).toContain('Ledger entries');
  });
});
