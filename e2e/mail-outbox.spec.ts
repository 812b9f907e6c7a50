import { newAccount } from './support/community';
import { reviewShot } from './support/review-shot';
import { expect, expectAccessible, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

test('the admin console lists the mail outbox, and its verification link works', async ({ page, request }) => {
  const account = newAccount('outbox');
  const register = await request.post('/auth/register', { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: account });
  expect(register.ok()).toBe(true);

  await page.goto('/admin/mail-outbox');
  await expect(page.getByRole('heading', { name: 'Mail Outbox' })).toBeVisible();
  // Any part of the address finds it (issue 29: the exact address was needed): the part before the @.
  await page.getByLabel('Recipient').fill(account.username);
  await expect(page).toHaveURL(/to=/);
  const mail = page.getByTestId('outbox-mail');
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(account.email);
  await mail.getByRole('button').click();
  const link = mail.getByRole('link', { name: /\/verify-email\?token=/ });
  await expect(link).toBeVisible();
  await reviewShot(page, 'mail-outbox');
  await expectAccessible(page, 'the mail outbox with a mail open');

  const opened = page.context().waitForEvent('page');
  await link.click();
  const verifyPage = await opened;
  await expect(verifyPage.getByTestId('verify-email-success')).toBeVisible();
  await expectAccessible(verifyPage, 'the e-mail verified page');
});
