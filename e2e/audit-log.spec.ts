import { readFileSync } from 'node:fs';
import { AUDIT_LOG_MESSAGES } from '@guildhall/contract';
import type { Page } from '@playwright/test';
import { settle } from './support/accessibility';
import { ADMINS } from './support/accounts';
import { parseCsv } from './support/csv';
import { reviewShot } from './support/review-shot';
import { sidebar } from './support/sign-in';
import { expect, expectAccessible, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

const rows = (page: Page) => page.getByTestId('audit-row');
const shot = (page: Page, name: string) => reviewShot(page, `audit-log-${name}`);

test('the audit log filtered by action and actor, a record opened, the range checked, then exported as CSV', async ({ page }) => {
  // Something to find: an admin created through the API by the owner, under a name no other run has used.
  const username = `audited_${Date.now().toString(36)}`;
  const created = await page.request.post('/api/admin/users', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { username, role: 'viewer', password: 'e2e-Audited-Password-1' },
  });
  expect(created.status(), await created.text()).toBe(200);

  await page.goto('/admin');
  await sidebar(page).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit Log');
  await expect(rows(page).first()).toBeVisible();
  // Newest first: the owner's create is the latest record.
  await expect(rows(page).first()).toHaveAttribute('data-action', 'admin.created');
  // Its target is named as a person reads it, the admin's username, with the id on hover.
  const targetName = rows(page).first().getByTestId('audit-target-name');
  await expect(targetName).toHaveText(username);
  await expect(targetName).toHaveAttribute('title', /^[0-9a-f]{8}-[0-9a-f-]{27}$/);
  await shot(page, 'list');

  // The action from the menu (the actions recorded so far), kept in the URL.
  await page.getByTestId('audit-action').selectOption('admin.created');
  await expect(page).toHaveURL(/action=admin\.created/);
  await expect(page.getByTestId('audit-pagination')).toContainText('records');
  // The unfiltered rows stay on screen until the filtered page arrives: wait for it rather than read them.
  await expect
    .poll(() => rows(page).evaluateAll((trs) => [...new Set(trs.map((tr) => tr.getAttribute('data-action')))]))
    .toEqual(['admin.created']);

  // And the actor, typed: every record is the owner's.
  await page.getByTestId('audit-actor').fill(ADMINS.owner.username);
  await expect(page).toHaveURL(new RegExp(`actor=${ADMINS.owner.username}`));
  await expect(page).toHaveURL(/action=admin\.created/);
  // The CLI's own admin.created records (the run's set-up) stay on screen until the filtered page arrives: wait
  // for every row to be the owner's rather than read the rows once.
  const actors = rows(page).locator('td:nth-child(2)');
  await expect(actors.first()).toContainText(ADMINS.owner.username);
  await expect
    .poll(async () => {
      const names = await actors.allTextContents();
      return names.length > 0 && names.every((actor) => actor.includes(ADMINS.owner.username));
    })
    .toBe(true);

  // The newest record's details open as JSON and name the admin created.
  const first = rows(page).first();
  await first.getByRole('button', { name: /Show details of admin\.created/ }).click();
  await expect(page.getByTestId('audit-details').first()).toContainText(`"username": "${username}"`);
  await expect(first.getByRole('button', { name: /Hide details/ })).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page, 'Audit Log filtered, with a record open');
  await shot(page, 'filtered');

  // A reload keeps the filters.
  await page.reload();
  await expect(page.getByTestId('audit-action')).toHaveValue('admin.created');
  await expect(page.getByTestId('audit-actor')).toHaveValue(ADMINS.owner.username);

  // A range that ends before it starts is refused in place; a range around now finds the record again.
  await page.getByTestId('audit-from').fill('2030-01-02T10:00');
  await page.getByTestId('audit-to').fill('2030-01-01T10:00');
  await expect(page.getByText(AUDIT_LOG_MESSAGES.rangeInvalid)).toBeVisible();
  await expect(page.getByTestId('audit-export')).toBeDisabled();
  await page.getByTestId('audit-from').fill('2020-01-01T00:00');
  await expect(page.getByText(AUDIT_LOG_MESSAGES.rangeInvalid)).toBeHidden();
  await expect(page).toHaveURL(/from=2020-01-01T00%3A00/);
  await expect(rows(page).first()).toBeVisible();

  // Nothing matches: the empty state says the filters are why.
  await page.getByTestId('audit-actor').fill('nobody-at-all');
  await expect(page.getByTestId('audit-empty')).toHaveText(AUDIT_LOG_MESSAGES.noEntriesMatch);
  await page.getByTestId('audit-actor').fill(ADMINS.owner.username);
  await expect(rows(page).first()).toBeVisible();
  const shown = await page.getByTestId('audit-pagination').textContent();
  const total = Number(/of ([\d,]+) records/.exec(shown ?? '')?.[1]?.replace(/,/g, ''));

  // Export CSV: the same filters, every record, the header first.
  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('audit-export').click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const [header, ...records] = parseCsv(readFileSync((await download.path())!, 'utf8')).filter((r) => r.some(Boolean));
  expect(header).toEqual(expect.arrayContaining(['action', 'ip', 'details']));
  expect(records).toHaveLength(total);
  const action = header!.indexOf('action');
  expect(records.every((record) => record[action] === 'admin.created')).toBe(true);
  expect(records.some((record) => record.join(',').includes(username))).toBe(true);

  // Clear filters goes back to everything.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  await expect(page.getByTestId('audit-action')).toHaveValue('');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows(page).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await settle(page);
  await reviewShot(page, 'phone-audit-log');
});
