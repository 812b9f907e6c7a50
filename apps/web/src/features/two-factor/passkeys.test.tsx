// @vitest-environment happy-dom
import { MESSAGES, PASSKEY_MESSAGES, SERVER_MESSAGES } from '@guildhall/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../ui/toast-provider';
import { fakeServer, WRONG_PASSWORD } from './fake-server';
import { Passkeys } from './passkeys';

const LAPTOP = {
  id: '0d6f3c1e-4b1a-4c4e-9a57-1f0e6d3b2a10',
  name: 'Work laptop',
  createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  lastUsedAt: null,
  transports: ['internal'],
  isBackedUp: false,
};
const KEY = { ...LAPTOP, id: '5c1d2e3f-0a9b-4c8d-8e7f-6a5b4c3d2e1f', name: 'Blue key', transports: ['usb', 'nfc'] };

let server: ReturnType<typeof fakeServer>;
/** The passkeys the list answers. */
let listed: unknown[];

beforeEach(() => {
  listed = [LAPTOP, KEY];
  server = fakeServer({
    'GET /api/admin/auth/two-factor/passkeys': () => ({ status: 200, body: { success: true, passkeys: listed } }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'credentials');
});

function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <Passkeys onRecoveryCodes={vi.fn()} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const rowOf = async (name: string) => (await screen.findAllByTestId('passkey-row')).find((row) => row.dataset.name === name)!;

describe('Passkeys', () => {
  it('lists the passkeys with their kind and when they were added and last used', async () => {
    renderCard();
    const laptop = await rowOf('Work laptop');
    expect(laptop.textContent).toContain('This device');
    expect(within(laptop).getByTestId('passkey-last-used').textContent).toBe('Never');
    expect(laptop.textContent).toContain('3 days ago');
    expect((await rowOf('Blue key')).textContent).toContain('Security key');
    // No WebAuthn in this DOM: the card says so instead of offering to add one.
    expect(screen.getByText(PASSKEY_MESSAGES.unsupported)).toBeTruthy();
    expect(screen.queryByTestId('add-passkey')).toBeNull();
  });

  it('renames a passkey in a dialog, checked with the contract first', async () => {
    renderCard();
    fireEvent.click(within(await rowOf('Blue key')).getByRole('button', { name: 'Rename Blue key' }));
    const dialog = await screen.findByTestId('rename-passkey');
    const field = within(dialog).getByLabelText('Passkey name');
    expect(field).toHaveProperty('value', 'Blue key');
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(PASSKEY_MESSAGES.nameRequired)).toBeTruthy();
    expect(server.writes()).toEqual([]);

    server.answer(`PATCH /api/admin/auth/two-factor/passkeys/${KEY.id}`, {
      status: 200,
      body: { success: true, message: PASSKEY_MESSAGES.renamed('Spare key'), passkey: { ...KEY, name: 'Spare key' } },
    });
    listed = [LAPTOP, { ...KEY, name: 'Spare key' }];
    fireEvent.change(field, { target: { value: 'Spare key' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PASSKEY_MESSAGES.renamed('Spare key'))).toBeTruthy();
    expect(server.writes()).toEqual([
      { route: `PATCH /api/admin/auth/two-factor/passkeys/${KEY.id}`, body: { name: 'Spare key' } },
    ]);
    await waitFor(() => expect(screen.queryByTestId('rename-passkey')).toBeNull());
    expect(await rowOf('Spare key')).toBeTruthy();
  });

  it('removes a passkey after a confirmation with the current password', async () => {
    renderCard();
    fireEvent.click(within(await rowOf('Work laptop')).getByRole('button', { name: 'Remove Work laptop' }));
    const dialog = await screen.findByTestId('remove-passkey');
    expect(dialog.textContent).toContain(PASSKEY_MESSAGES.removeConfirm('Work laptop'));
    const removeButton = screen.getByRole('button', { name: 'Remove passkey' });
    fireEvent.click(removeButton);
    expect(await within(dialog).findByText(MESSAGES.passwordRequired)).toBeTruthy();

    const route = `DELETE /api/admin/auth/two-factor/passkeys/${LAPTOP.id}`;
    server.answer(route, WRONG_PASSWORD, {
      status: 200,
      body: { success: true, message: PASSKEY_MESSAGES.removed('Work laptop') },
    });
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'wrong' } });
    fireEvent.click(removeButton);
    expect(await within(dialog).findByText(SERVER_MESSAGES.currentPasswordIncorrect)).toBeTruthy();
    listed = [KEY];
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'right' } });
    fireEvent.click(removeButton);
    expect(await screen.findByText(PASSKEY_MESSAGES.removed('Work laptop'))).toBeTruthy();
    expect(server.writes().map((call) => call.body)).toEqual([{ password: 'wrong' }, { password: 'right' }]);
    await waitFor(() => expect(screen.queryAllByTestId('passkey-row')).toHaveLength(1));
  });

  it("adds with a name and the password, and says in the console's words when the browser's dialog ended without one", async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const create = vi.fn(async () => {
      throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
    });
    Object.defineProperty(navigator, 'credentials', { value: { create }, configurable: true });
    listed = [];
    renderCard();
    const form = await screen.findByTestId('add-passkey');
    expect(screen.getByTestId('passkeys-empty')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Add passkey' }));
    expect(await within(form).findByText(PASSKEY_MESSAGES.nameRequired)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.passwordRequired)).toBeTruthy();

    const options = {
      challenge: 'Y2hhbGxlbmdl',
      rp: { id: 'localhost', name: 'Guildhall' },
      user: { id: 'dXNlcg', name: 'alice', displayName: 'alice' },
      pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
      excludeCredentials: [],
    };
    const ready = { status: 200, body: { success: true, message: PASSKEY_MESSAGES.optionsReady, options } };
    server.answer('POST /api/admin/auth/two-factor/passkeys/options', ready, ready);
    fireEvent.change(within(form).getByLabelText('Passkey name'), { target: { value: 'Phone' } });
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'pw' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add passkey' }));
    expect(await within(form).findByText(PASSKEY_MESSAGES.cancelled)).toBeTruthy();
    expect(create).toHaveBeenCalledTimes(1);

    create.mockImplementationOnce(async () => {
      throw new DOMException('already registered', 'InvalidStateError');
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add passkey' }));
    expect(await within(form).findByText(PASSKEY_MESSAGES.alreadyRegistered)).toBeTruthy();
    expect(server.writes().map((call) => call.route)).toEqual([
      'POST /api/admin/auth/two-factor/passkeys/options',
      'POST /api/admin/auth/two-factor/passkeys/options',
    ]);
  });
});
