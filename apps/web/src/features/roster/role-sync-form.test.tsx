// @vitest-environment happy-dom
import { ROLE_SYNC_MESSAGES, ROLE_SYNC_REFUSALS, type RoleSyncState } from '@guildhall/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ToastApi, ToastContext } from '../../ui/toast-context';
import { RoleSyncForm } from './role-sync-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const state: RoleSyncState = {
  isEnabled: false,
  roles: { raider: null, trial: null, bench: null, inactive: '999' },
  updatedAt: null,
  updatedBy: null,
  discordRoles: [
    { id: '1', name: 'Raider', color: 0, position: 2, refusal: null },
    { id: '2', name: 'Admin', color: 0, position: 5, refusal: ROLE_SYNC_REFUSALS.moderator },
    { id: '3', name: 'Trial', color: 0, position: 1, refusal: null },
  ],
  rolesError: null,
  lastRun: null,
};

function renderForm() {
  const toast = { success: vi.fn(), error: vi.fn() } as unknown as ToastApi;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastContext.Provider value={toast}>
        <RoleSyncForm guildId="g1" state={state} />
      </ToastContext.Provider>
    </QueryClientProvider>,
  );
}

const optionsOf = (label: string) =>
  [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((option) => [option.text, option.disabled]);

describe('RoleSyncForm', () => {
  it("lists the server's roles highest first, a refused one disabled with its reason, and a saved role gone missing", () => {
    renderForm();
    expect(optionsOf('Raider')).toEqual([
      ['Not synced', false],
      [`Admin — ${ROLE_SYNC_REFUSALS.moderator}`, true],
      ['Raider', false],
      ['Trial', false],
    ]);
    expect(optionsOf('Inactive')[1]).toEqual([`Role 999 — ${ROLE_SYNC_REFUSALS.missing}`, true]);
    expect(screen.getByText('Members the roster marks as trials')).toBeTruthy();
  });

  it('says one role cannot stand for two marks without asking the server', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm();
    fireEvent.change(screen.getByLabelText('Raider'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Bench'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save role sync' }));
    expect(screen.getByText(ROLE_SYNC_MESSAGES.sameRole)).toBeTruthy();
    expect(screen.getByLabelText('Bench').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });
});
