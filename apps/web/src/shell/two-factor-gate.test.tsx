// @vitest-environment happy-dom
import { type AdminTwoFactorStatus, TWO_FACTOR_MESSAGES } from '@guildhall/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminSessionContext, type AdminSessionValue } from '../auth/admin-session-context';
import { ToastProvider } from '../ui/toast-provider';
import { TwoFactorGate } from './two-factor-gate';

afterEach(cleanup);

function renderGate(twoFactor: AdminTwoFactorStatus) {
  const session = {
    status: 'authenticated',
    admin: { id: 'a1', username: 'alice', role: 'admin', permissions: ['admin.full_access'], fullName: null },
    twoFactor,
    logout: async () => {},
  } as unknown as AdminSessionValue;
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <AdminSessionContext value={session}>
            <TwoFactorGate>
              <p>the console</p>
            </TwoFactorGate>
          </AdminSessionContext>
        </ToastProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const base: AdminTwoFactorStatus = {
  isEnabled: false,
  methods: [],
  isRequired: true,
  graceEndsAt: null,
  isEnrolmentRequired: false,
};

describe('TwoFactorGate', () => {
  it('lets the console through during the grace', () => {
    renderGate({ ...base, graceEndsAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(screen.getByText('the console')).toBeTruthy();
    expect(screen.queryByTestId('two-factor-gate')).toBeNull();
  });

  it('past the grace shows only the enrolment page, with a way to sign out', async () => {
    renderGate({ ...base, graceEndsAt: new Date(Date.now() - 1000).toISOString(), isEnrolmentRequired: true });
    expect(screen.queryByText('the console')).toBeNull();
    expect((await screen.findByTestId('two-factor-enrolment-required', {}, { timeout: 10_000 })).textContent).toBe(
      TWO_FACTOR_MESSAGES.enrolmentRequired,
    );
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });
});
