import {
  MESSAGES,
  PASSKEY_MESSAGES,
  TWO_FACTOR_ACCOUNT_MESSAGES,
  TWO_FACTOR_GRACE_DAYS,
  TWO_FACTOR_MESSAGES,
} from '@guildhall/contract';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { PORTS } from './support/accounts';
import { runCli } from './support/app-server';
import { mainServerEnv } from './support/community';
import { expect, expectAccessible, test } from './support/test';

/**
 * Two-factor sign-in for the admin console (issue 25): an admin with full access (who must use it, in their grace)
 * enrols an authenticator from the account menu, signs in with password and code, then with a recovery code; a
 * second admin resets it from Admin Users, and the password alone signs in again. A third adds a passkey (Chromium's
 * virtual authenticator), which shows their recovery codes once, renames it, signs in with it and removes it. The
 * admins are made here.
 */

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const enrolling = { username: `twofa_${suffix}`, password: `e2e-Two-Factor-${suffix}` };
const resetter = { username: `twofa_reset_${suffix}`, password: `e2e-Resetter-${suffix}` };
const passkeyAdmin = { username: `passkey_${suffix}`, password: `e2e-Passkey-${suffix}` };

/** What the enrolment showed: the key typed by hand and the recovery codes. */
let secret = '';
let recoveryCodes: string[] = [];

/** The code an authenticator shows for the secret, `stepsAhead` periods from now (the server takes one either side). */
const codeOf = (stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

async function passwordStep(page: Page, account: { username: string; password: string }, origin = '') {
  await page.goto(`${origin}/admin/login`);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function secondStep(page: Page, code: string) {
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function logout(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  const env = mainServerEnv();
  runCli(env, ['create-admin', '--username', enrolling.username, '--password', enrolling.password, '--role', 'admin']);
  runCli(env, ['create-admin', '--username', resetter.username, '--password', resetter.password, '--role', 'admin']);
  runCli(env, ['create-admin', '--username', passkeyAdmin.username, '--password', passkeyAdmin.password, '--role', 'admin']);
});

test('an admin who must use two-factor sign-in enrols from the account menu', async ({ page }) => {
  await passwordStep(page, enrolling);
  await expect(page).not.toHaveURL(/\/admin\/login/);
  await expect(page.getByTestId('two-factor-grace-banner')).toContainText(
    TWO_FACTOR_ACCOUNT_MESSAGES.graceLeft(TWO_FACTOR_GRACE_DAYS),
  );

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: /Two-factor sign-in/ }).click();
  await expect(page).toHaveURL(/\/admin\/two-factor$/);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in', level: 1 })).toBeVisible();
  await expect(page.getByTestId('two-factor-grace-banner')).toHaveCount(0);

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(MESSAGES.passwordRequired)).toBeVisible();
  await page.getByTestId('two-factor-enrol').getByLabel('Current password').fill(enrolling.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page, 'the enrolment with its QR code');

  await page.getByLabel('Authentication code').fill('000000' === codeOf() ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText(TWO_FACTOR_MESSAGES.wrongCodeField)).toBeVisible();
  await page.getByLabel('Authentication code').fill(codeOf());
  await page.getByRole('button', { name: 'Turn on' }).click();

  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(page.getByText(TWO_FACTOR_MESSAGES.enabled)).toBeVisible();
  recoveryCodes = (await codes.allInnerTexts()).map((code) => code.trim());
  expect(recoveryCodes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
  await expectAccessible(page, 'the recovery codes, shown once');

  await page.getByRole('button', { name: TWO_FACTOR_ACCOUNT_MESSAGES.recoveryCodesSaved }).click();
  await expect(page.getByTestId('two-factor-state')).toHaveText('On');
  await expect(page.getByRole('button', { name: 'Make new recovery codes' })).toBeVisible();
  await logout(page);
});

test('signs in with the password and a code, then with a recovery code', async ({ page }) => {
  await passwordStep(page, enrolling);
  await expect(page.getByTestId('second-step-form')).toBeVisible();
  await expect(page.getByText('Two-factor sign-in')).toBeVisible();
  await expectAccessible(page, 'the second step of sign-in');

  await secondStep(page, '000000' === codeOf(1) ? '111111' : '000000');
  await expect(page.getByTestId('login-error')).toHaveText(TWO_FACTOR_MESSAGES.wrongCode);
  await expect(page.getByTestId('failed-attempts')).toContainText('1/5');
  // The code after the one enrolment took (that step is spent).
  await secondStep(page, codeOf(1));
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('two-factor-grace-banner')).toHaveCount(0);
  await logout(page);

  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  await passwordStep(page, enrolling);
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
  await passwordStep(page, enrolling);
  await secondStep(page, recoveryCodes[0]!.toUpperCase());
  await expect(page).toHaveURL(/\/admin$/);
  await logout(page);

  // A recovery code works once.
  await passwordStep(page, enrolling);
  await secondStep(page, recoveryCodes[0]!);
  await expect(page.getByTestId('login-error')).toHaveText(TWO_FACTOR_MESSAGES.wrongCode);
});

test("a second admin resets the first one's two-factor sign-in from Admin Users", async ({ page }) => {
  await passwordStep(page, resetter);
  await expect(page).not.toHaveURL(/\/admin\/login/);
  await page.goto('/admin/users');
  await page.getByTestId('admin-user-search').fill(enrolling.username);
  const row = page.locator(`[data-testid="admin-user-row"][data-username="${enrolling.username}"]`);
  await expect(row.getByTestId('admin-user-two-factor')).toHaveText('On');

  await row.getByRole('button', { name: `Reset two-factor sign-in of ${enrolling.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reset two-factor sign-in of ${enrolling.username}?` });
  await expect(dialog).toContainText(TWO_FACTOR_ACCOUNT_MESSAGES.resetConfirm(enrolling.username));
  await dialog.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: TWO_FACTOR_MESSAGES.reset })).toBeVisible();
  await expect(row.getByTestId('admin-user-two-factor')).toHaveText('Off');
  await expect(row.getByRole('button', { name: `Reset two-factor sign-in of ${enrolling.username}` })).toHaveCount(0);
  await logout(page);

  // The password alone signs in again, and the console asks for enrolment within the grace.
  await passwordStep(page, enrolling);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('two-factor-grace-banner')).toBeVisible();
});

/**
 * Passkeys are made for the relying party's domain: the server's, from PUBLIC_URL (unset here: localhost), never an
 * IP address, so this journey opens the console at localhost rather than at the run's 127.0.0.1.
 */
const PASSKEY_ORIGIN = `http://localhost:${PORTS.main}`;

/** A platform authenticator in Chromium (DevTools' WebAuthn domain) that says yes to every ceremony. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

const passkeyRow = (page: Page, name: string) => page.locator(`[data-testid="passkey-row"][data-name="${name}"]`);

test('an admin adds a passkey, renames it, signs in with password and passkey, and removes it', async ({ page }) => {
  await addVirtualAuthenticator(page);
  await passwordStep(page, passkeyAdmin, PASSKEY_ORIGIN);
  await expect(page).toHaveURL(`${PASSKEY_ORIGIN}/admin`);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: /Two-factor sign-in/ }).click();
  const passkeys = page.getByTestId('passkeys');
  await expect(passkeys.getByTestId('passkeys-empty')).toBeVisible();

  const add = passkeys.getByTestId('add-passkey');
  await add.getByRole('button', { name: 'Add passkey' }).click();
  await expect(add.getByText(PASSKEY_MESSAGES.nameRequired)).toBeVisible();
  await add.getByLabel('Passkey name').fill('Chromium key');
  await add.getByLabel('Current password').fill(passkeyAdmin.password);
  await add.getByRole('button', { name: 'Add passkey' }).click();
  // The first second factor: its recovery codes are shown once, as after enrolling an authenticator app.
  await expect(page.getByText(PASSKEY_MESSAGES.addedWithRecoveryCodes('Chromium key'))).toBeVisible();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  expect((await codes.first().innerText()).trim()).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await page.getByRole('button', { name: TWO_FACTOR_ACCOUNT_MESSAGES.recoveryCodesSaved }).click();
  await expect(page.getByRole('button', { name: 'Make new recovery codes' })).toBeVisible();
  await expect(passkeyRow(page, 'Chromium key').getByTestId('passkey-last-used')).toHaveText('Never');
  await expect(page.getByTestId('two-factor-state')).toHaveText('On');
  await expect(add.getByLabel('Passkey name')).toHaveValue('');

  await page.getByRole('button', { name: 'Rename Chromium key' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Chromium key' });
  await rename.getByLabel('Passkey name').fill('Laptop key');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(passkeyRow(page, 'Laptop key')).toBeVisible();
  await expectAccessible(page, 'the passkeys list');
  await logout(page);

  // The password alone opens nothing now: the second step asks for the passkey, the one second factor.
  await passwordStep(page, passkeyAdmin, PASSKEY_ORIGIN);
  const secondStep = page.getByTestId('second-step-form');
  await expect(secondStep).toContainText(PASSKEY_MESSAGES.secondStepNeeded);
  await expect(secondStep.getByLabel('Authentication code')).toHaveCount(0);
  await expectAccessible(page, 'the second step with a passkey');
  await secondStep.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(`${PASSKEY_ORIGIN}/admin`);

  await page.goto(`${PASSKEY_ORIGIN}/admin/two-factor`);
  await expect(passkeyRow(page, 'Laptop key').getByTestId('passkey-last-used')).toHaveText('just now');
  await page.getByRole('button', { name: 'Remove Laptop key' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove Laptop key?' });
  await expect(remove).toContainText(PASSKEY_MESSAGES.removeConfirm('Laptop key'));
  await remove.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(remove.getByText(MESSAGES.passwordRequired)).toBeVisible();
  await expectAccessible(page, 'removing a passkey, the password asked');
  await remove.getByLabel('Current password').fill(passkeyAdmin.password);
  await remove.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: PASSKEY_MESSAGES.removedLast('Laptop key') })).toBeVisible();
  await expect(page.getByTestId('passkeys-empty')).toBeVisible();
  await expect(page.getByTestId('two-factor-state')).toHaveText('Off (required)');
});
