// @vitest-environment happy-dom
import { PASSKEY_MESSAGES, TWO_FACTOR_MESSAGES } from '@guildhall/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { PASSKEY_NOT_USED } from '../../api/passkey-ceremony';
import { SecondStepForm } from './second-step-form';

const inFiveMinutes = () => new Date(Date.now() + 5 * 60_000).toISOString();

function renderForm(overrides: Partial<Parameters<typeof SecondStepForm>[0]> = {}) {
  const props = {
    expiresAt: inFiveMinutes(),
    methods: ['totp'] as const,
    failedAttempts: 0,
    maxAttempts: 5,
    onSubmit: vi.fn(async () => {}),
    onPasskey: vi.fn(async () => {}),
    onFailure: vi.fn(),
    onBack: vi.fn(),
    ...overrides,
  };
  render(<SecondStepForm {...props} />);
  return props;
}

const typeCode = (code: string) => fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: code } });
const verify = () => fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

afterEach(cleanup);

describe('SecondStepForm', () => {
  it('sends the code as typed (trimmed) and focuses the field first', async () => {
    const props = renderForm();
    expect(document.activeElement).toBe(screen.getByLabelText('Authentication code'));
    expect(screen.getByRole('button', { name: 'Verify' })).toHaveProperty('disabled', true);
    typeCode(' abcde-23456 ');
    verify();
    await waitFor(() => expect(props.onSubmit).toHaveBeenCalledWith('abcde-23456'));
  });

  it('shows a wrong code under the field and above the form, clears it, and reports the failure', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(401, 'x', {
        code: 'ADMIN_LOGIN_FAILED',
        body: { success: false, error: 'x', code: 'ADMIN_LOGIN_FAILED', failedAttempts: 2, maxAttempts: 5 },
      });
    });
    const props = renderForm({ onSubmit });
    typeCode('123456');
    verify();
    expect(await screen.findByTestId('login-error')).toHaveProperty('textContent', TWO_FACTOR_MESSAGES.wrongCode);
    expect(screen.getAllByText(TWO_FACTOR_MESSAGES.wrongCode)).toHaveLength(2);
    expect(screen.getByLabelText('Authentication code')).toHaveProperty('value', '');
    expect(props.onFailure).toHaveBeenCalledWith(expect.objectContaining({ failedAttempts: 2, isCredentialFailure: true }));
    expect(props.onBack).not.toHaveBeenCalled();
  });

  it('goes back to the password with the message when the server says the challenge is spent', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(401, TWO_FACTOR_MESSAGES.challengeExpired, { code: 'INVALID_TOKEN' });
    });
    const props = renderForm({ onSubmit });
    typeCode('123456');
    verify();
    await waitFor(() => expect(props.onBack).toHaveBeenCalledWith(TWO_FACTOR_MESSAGES.challengeExpired));
  });

  it('goes back by itself when the challenge runs out, and on Back to sign in without a message', async () => {
    const expired = renderForm({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    await waitFor(() => expect(expired.onBack).toHaveBeenCalledWith(TWO_FACTOR_MESSAGES.challengeExpired));
    cleanup();
    const props = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(props.onBack).toHaveBeenCalledWith();
  });

  it('shows the lock with the failed-attempts counter', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(423, 'Account locked for 15 minutes', { code: 'ADMIN_ACCOUNT_LOCKED' });
    });
    renderForm({ onSubmit, failedAttempts: 5 });
    typeCode('123456');
    verify();
    expect(await screen.findByTestId('login-error')).toBeTruthy();
    expect(screen.getByTestId('failed-attempts').textContent).toContain('5/5');
  });

  it('offers only the code to an admin without a passkey', () => {
    renderForm();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });
});

describe('SecondStepForm with a passkey', () => {
  const refusedPasskey = () =>
    new ApiError(401, PASSKEY_MESSAGES.notAccepted, {
      code: 'ADMIN_LOGIN_FAILED',
      body: { success: false, error: PASSKEY_MESSAGES.notAccepted, code: 'ADMIN_LOGIN_FAILED', failedAttempts: 1 },
    });

  it('asks only for the passkey when it is the one second factor, its button focused', async () => {
    const props = renderForm({ methods: ['passkey'] });
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(screen.getByText(`${PASSKEY_MESSAGES.secondStepNeeded}, or one of your recovery codes.`)).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Use a passkey' });
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    await waitFor(() => expect(props.onPasskey).toHaveBeenCalledTimes(1));
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('offers a recovery code behind a link when the passkey is the one second factor', async () => {
    const props = renderForm({ methods: ['passkey'] });
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByLabelText('Authentication code');
    expect(document.activeElement).toBe(field);
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeTruthy();
    typeCode('abcde-23456');
    verify();
    await waitFor(() => expect(props.onSubmit).toHaveBeenCalledWith('abcde-23456'));
    expect(props.onPasskey).not.toHaveBeenCalled();
  });

  it('offers the passkey beside the code, and says when the server did not accept it (counted)', async () => {
    const props = renderForm({ methods: ['totp', 'passkey'], onPasskey: vi.fn(async () => Promise.reject(refusedPasskey())) });
    expect(screen.getByLabelText('Authentication code')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByTestId('login-error')).toHaveProperty('textContent', PASSKEY_MESSAGES.notAccepted);
    expect(props.onFailure).toHaveBeenCalledWith(expect.objectContaining({ failedAttempts: 1, isCredentialFailure: true }));
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toHaveProperty('disabled', false);
  });

  it('says when the browser dialog ended without a passkey, which counts for nothing', async () => {
    const cancelled = new ApiError(400, PASSKEY_MESSAGES.cancelled, { code: PASSKEY_NOT_USED });
    const props = renderForm({ methods: ['passkey'], onPasskey: vi.fn(async () => Promise.reject(cancelled)) });
    fireEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByTestId('login-error')).toHaveProperty('textContent', PASSKEY_MESSAGES.cancelled);
    expect(props.onFailure).toHaveBeenCalledWith(expect.objectContaining({ isCredentialFailure: false }));
    expect(props.onBack).not.toHaveBeenCalled();
  });
});
