// @vitest-environment happy-dom
import {
  type AdminTwoFactorStatus,
  SERVER_MESSAGES,
  TWO_FACTOR_ACCOUNT_MESSAGES,
  TWO_FACTOR_MESSAGES,
} from '@guildhall/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminSessionContext, type AdminSessionValue } from '../../auth/admin-session-context';
import { ToastProvider } from '../../ui/toast-provider';
import { fakeServer, WRONG_PASSWORD } from './fake-server';
import { TwoFactorPage } from './two-factor-page';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-2345${i}`);

let server: ReturnType<typeof fakeServer>;

beforeEach(() => {
  // What the page reads without being asked: no passkeys yet.
  server = fakeServer({
    'GET /api/admin/auth/two-factor/passkeys': () => ({ status: 200, body: { success: true, passkeys: [] } }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(twoFactor: AdminTwoFactorStatus, onShowingCodes = vi.fn()) {
  const session = {
    status: 'authenticated',
    admin: { id: 'a1', username: 'alice', role: 'admin', permissions: ['admin.full_access'], fullName: null },
    twoFactor,
  } as unknown as AdminSessionValue;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <AdminSessionContext value={session}>
          <TwoFactorPage onShowingCodes={onShowingCodes} />
        </AdminSessionContext>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { onShowingCodes };
}

/** Types into a field of the authenticator app's card (the passkeys card has a password field too). */
const fill = (label: string, value: string) =>
  fireEvent.change(within(screen.getByTestId(/^two-factor-(enrol|scan)$/)).getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const OFF_IN_GRACE: AdminTwoFactorStatus = {
  isEnabled: false,
  methods: [],
  isRequired: true,
  graceEndsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  isEnrolmentRequired: false,
};

describe('TwoFactorPage: turning it on', () => {
  it('asks the password, shows the QR code and the key, confirms with a code and shows the recovery codes once', async () => {
    const { onShowingCodes } = renderPage(OFF_IN_GRACE);
    expect(screen.getByText(TWO_FACTOR_ACCOUNT_MESSAGES.graceLeft(3))).toBeTruthy();

    click('Continue');
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(server.writes()).toEqual([]);

    server.answer('POST /api/admin/auth/two-factor/totp/setup', WRONG_PASSWORD, {
      status: 200,
      body: {
        success: true,
        message: 'm',
        secret: SECRET,
        otpauthUri: `otpauth://totp/Guildhall:alice?secret=${SECRET}&issuer=Guildhall`,
      },
    });
    fill('Current password', 'wrong');
    click('Continue');
    expect(await screen.findByText(SERVER_MESSAGES.currentPasswordIncorrect)).toBeTruthy();
    fill('Current password', 'right');
    click('Continue');

    expect((await screen.findByTestId('totp-secret')).textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);

    server.answer(
      'POST /api/admin/auth/two-factor/totp/confirm',
      {
        status: 400,
        body: { success: false, error: 'x', code: 'VALIDATION_FAILED', fields: { code: TWO_FACTOR_MESSAGES.wrongCodeField } },
      },
      { status: 200, body: { success: true, message: TWO_FACTOR_MESSAGES.enabled, recoveryCodes: CODES } },
    );
    fill('Authentication code', '000000');
    click('Turn on');
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.wrongCodeField)).toBeTruthy();
    fill('Authentication code', '123456');
    click('Turn on');

    expect(await screen.findByText(TWO_FACTOR_MESSAGES.enabled)).toBeTruthy();
    const listed = screen.getByRole('list', { name: 'Recovery codes' }).querySelectorAll('li');
    expect([...listed].map((item) => item.textContent)).toEqual(CODES);
    expect(onShowingCodes).toHaveBeenLastCalledWith(true);
    expect(server.writes().map((call) => call.body)).toEqual([
      { password: 'wrong' },
      { password: 'right' },
      { code: '000000' },
      { code: '123456' },
    ]);

    click(TWO_FACTOR_ACCOUNT_MESSAGES.recoveryCodesSaved);
    await waitFor(() => expect(onShowingCodes).toHaveBeenLastCalledWith(false));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('says past the grace that only enrolment is open', () => {
    renderPage({ ...OFF_IN_GRACE, graceEndsAt: new Date(Date.now() - 1000).toISOString(), isEnrolmentRequired: true });
    expect(screen.getByTestId('two-factor-enrolment-required').textContent).toBe(TWO_FACTOR_MESSAGES.enrolmentRequired);
  });
});

describe('TwoFactorPage: with it on', () => {
  const ON: AdminTwoFactorStatus = {
    isEnabled: true,
    methods: ['totp'],
    isRequired: true,
    graceEndsAt: null,
    isEnrolmentRequired: false,
  };

  it('makes new recovery codes for the current password, with a passkey as the only factor too', async () => {
    renderPage({ ...ON, methods: ['passkey'] });
    expect(screen.getByTestId('two-factor-state').textContent).toBe('On');
    expect(screen.queryByTestId('two-factor-disable')).toBeNull();
    server.answer('POST /api/admin/auth/two-factor/recovery-codes', WRONG_PASSWORD, {
      status: 200,
      body: { success: true, message: TWO_FACTOR_MESSAGES.regenerated, recoveryCodes: CODES },
    });
    const regenerate = screen.getByTestId('two-factor-regenerate');
    fireEvent.change(within(regenerate).getByLabelText('Current password'), { target: { value: 'pw' } });
    click('Make new recovery codes');
    expect(await within(regenerate).findByText(SERVER_MESSAGES.currentPasswordIncorrect)).toBeTruthy();
    click('Make new recovery codes');
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.regenerated)).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(CODES.length);
    expect(server.calls.at(-1)).toEqual({ route: 'POST /api/admin/auth/two-factor/recovery-codes', body: { password: 'pw' } });
  });

  it('turns off with the password and a code, both asked', async () => {
    renderPage(ON);
    const disable = screen.getByTestId('two-factor-disable');
    click('Turn off');
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeRequired)).toBeTruthy();
    server.answer('DELETE /api/admin/auth/two-factor/totp', {
      status: 200,
      body: { success: true, message: TWO_FACTOR_MESSAGES.disabled },
    });
    const [password, code] = disable.querySelectorAll('input');
    fireEvent.change(password!, { target: { value: 'pw' } });
    fireEvent.change(code!, { target: { value: 'abcde-23456' } });
    click('Turn off');
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.disabled)).toBeTruthy();
    expect(server.calls.at(-1)).toEqual({
      route: 'DELETE /api/admin/auth/two-factor/totp',
      body: { password: 'pw', code: 'abcde-23456' },
    });
  });
});
