import { REDIS_MESSAGES } from '@guildhall/contract';
import type { Page } from '@playwright/test';
import Redis from 'ioredis';
import { PORTS } from './support/accounts';
import { startApp } from './support/app-server';
import { mainServerEnv } from './support/community';
import { OwnRedis } from './support/redis-server';
import { reviewShot } from './support/review-shot';
import { expect, expectAccessible, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

// Databases of their own (the server's integration tests use 12 and 13): the browser journeys seed and clean them.
const BROWSE_DB = 14;
const FLUSH_DB = 15;
const REDIS_URL = 'redis://127.0.0.1:6379';

const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });
const keyButton = (page: Page, name: string | RegExp) => page.getByTestId('redis-key').filter({ hasText: name });
const shot = (page: Page, name: string) => reviewShot(page, `${name}`);

/**
 * A client on one database, emptied first: each journey owns its database. The manager reaches only the keys under
 * the server's REDIS_PREFIX (and names them without it), so the journeys write under it too; `foreign` writes as
 * another deployment sharing the Redis would.
 */
async function ownDatabase(database: number): Promise<Redis> {
  const redis = new Redis(`${REDIS_URL}/${database}`, { keyPrefix: mainServerEnv().REDIS_PREFIX });
  await redis.flushdb();
  return redis;
}

// Serial: they share the two databases; each journey reads several screens, so each gets more time.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let browse: Redis;
let flush: Redis;
let foreign: Redis;

test.beforeAll(async () => {
  browse = await ownDatabase(BROWSE_DB);
  flush = await ownDatabase(FLUSH_DB);
  foreign = new Redis(`${REDIS_URL}/${FLUSH_DB}`);
});

test.afterAll(async () => {
  await browse.flushdb();
  await flush.flushdb();
  browse.disconnect();
  flush.disconnect();
  foreign.disconnect();
});

test('the key browser: a pattern as a tree, a hash field edited, a TTL counting down, JSON, odd keys, delete', async ({
  page,
}) => {
  await browse.hset('e2e:guild:1:roster', { name: 'Ada', role: 'tank' });
  await browse.set('e2e:guild:1:settings', '{"raid":"Friday","size":20}');
  await browse.set('e2e:guild:2:name', 'Second guild');
  await browse.rpush('e2e:queue', 'first', 'second');
  await browse.zadd('e2e:ranking', 10, 'alice', 2.5, 'bob');
  await browse.set('<b>markup</b>', 'not bold');
  await browse.set(Buffer.from([0x6b, 0xff, 0x00]), Buffer.from([0x00, 0x01, 0xfe]));
  await browse.set('other:key', 'outside the pattern');

  await page.goto(`/admin/database/redis?db=${BROWSE_DB}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Redis');
  await expect(page.getByRole('tab', { name: 'Key Browser' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('redis-database')).toHaveValue(String(BROWSE_DB));
  await expect(page.getByTestId('redis-scan-count')).toContainText('8 found');
  // Odd keys are text, never markup: bytes that are not UTF-8 as \xNN.
  await expect(keyButton(page, 'k\\xff\\x00')).toBeVisible();
  await expect(keyButton(page, '<b>markup</b>')).toBeVisible();
  await expect(page.locator('.redis-keys b')).toHaveCount(0);

  // A pattern, then the tree grouped by ':'.
  await page.getByTestId('redis-pattern').fill('e2e:*');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/pattern=e2e%3A\*/);
  await expect(page.getByTestId('redis-scan-count')).toContainText('5 found');
  await page.getByRole('button', { name: 'Tree', exact: true }).click();
  await expect(page).toHaveURL(/view=tree/);
  const tree = page.getByTestId('redis-key-tree');
  await tree.getByText('guild:', { exact: true }).click();
  await tree.getByText('1:', { exact: true }).click();
  await keyButton(page, 'roster').click();

  // The hash: edit a field's value; an empty value is refused with the spec's words.
  const detail = page.getByTestId('redis-key-detail');
  await expect(detail.getByRole('heading', { name: /e2e:guild:1:roster/ })).toBeVisible();
  const nameRow = detail.getByTestId('redis-element').filter({ hasText: 'name' });
  await expect(nameRow).toContainText('Ada');
  await nameRow.getByRole('button', { name: 'Edit' }).click();
  // While a row is edited its cells are boxes; only one row is edited at a time.
  const valueBox = detail.getByRole('textbox', { name: 'Value', exact: true });
  await expect(detail.getByRole('textbox', { name: 'Field', exact: true })).toHaveValue('name');
  await valueBox.fill('');
  await detail.getByRole('button', { name: 'Save' }).click();
  await expect(detail.getByTestId('redis-edit-problem')).toHaveText('No key selected or value is empty');
  await valueBox.fill('Grace');
  await detail.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Key updated')).toBeVisible();
  await expect(nameRow).toContainText('Grace');
  expect(await browse.hget('e2e:guild:1:roster', 'name')).toBe('Grace');
  await shot(page, 'redis-hash');
  await expectAccessible(page, 'redis key browser, hash');

  // Set TTL: whole seconds only; then it counts down on screen.
  await detail.getByRole('button', { name: 'Set TTL' }).click();
  const ttlDialog = page.getByRole('dialog', { name: 'Set TTL' });
  await ttlDialog.getByLabel('TTL (seconds)').fill('1.5');
  await ttlDialog.getByRole('button', { name: 'Set TTL' }).click();
  await expect(ttlDialog).toContainText('TTL must be a whole number of seconds greater than 0');
  await expectAccessible(page, 'redis set TTL');
  await ttlDialog.getByLabel('TTL (seconds)').fill('90');
  await ttlDialog.getByRole('button', { name: 'Set TTL' }).click();
  await expect(toast(page, 'TTL set to 90 s')).toBeVisible();
  const ttl = detail.getByTestId('redis-detail-ttl');
  await expect(ttl).toHaveText(/^1m [23]\ds$/);
  const before = await ttl.textContent();
  await expect(ttl).not.toHaveText(before ?? '', { timeout: 5000 });
  expect(await browse.ttl('e2e:guild:1:roster')).toBeGreaterThan(80);
  await detail.getByRole('button', { name: 'Set TTL' }).click();
  await ttlDialog.getByRole('button', { name: 'Remove TTL' }).click();
  await expect(toast(page, 'TTL removed: the key no longer expires')).toBeVisible();
  await expect(ttl).toHaveText('No expiry');
  expect(await browse.ttl('e2e:guild:1:roster')).toBe(-1);
  // -1 removes it too, as the dialog's message says (issue 29: it used to be refused).
  await browse.expire('e2e:guild:1:roster', 600);
  await detail.getByRole('button', { name: 'Reload' }).click();
  await expect(ttl).not.toHaveText('No expiry');
  await detail.getByRole('button', { name: 'Set TTL' }).click();
  await ttlDialog.getByLabel('TTL (seconds)').fill('-1');
  await ttlDialog.getByRole('button', { name: 'Set TTL' }).click();
  await expect(ttl).toHaveText('No expiry');
  expect(await browse.ttl('e2e:guild:1:roster')).toBe(-1);

  // A JSON string is pretty-printed, edited in CodeMirror, and stored compact again as it was.
  await keyButton(page, 'settings').click();
  await expect(detail.getByTestId('redis-value-text')).toContainText('"raid": "Friday"');
  await detail.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByTestId('redis-value-editor');
  await expect(async () => {
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    // Delete first, as the SQL editor's journey does: Chromium replacing a selection across highlighted tokens
    // keeps their colour in an inline style, which the CSP refuses (CodeMirror redraws the line either way).
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('{"raid": "Saturday", "size": 25}');
    await expect(editor).toContainText('Saturday', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await detail.getByRole('button', { name: 'Save' }).click();
  // The hash edit's "Key updated" may still be showing (a toast already on screen is not shown twice): the saved
  // value back in the view is what says this save is done.
  await expect(toast(page, 'Key updated')).toBeVisible();
  await expect(detail.getByTestId('redis-value-text')).toContainText('"raid": "Saturday"');
  expect(await browse.get('e2e:guild:1:settings')).toBe('{"raid":"Saturday","size":25}');

  // The binary string shows as a hex dump.
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await page.getByTestId('redis-pattern').fill('*');
  await page.getByRole('button', { name: 'Search' }).click();
  await keyButton(page, 'k\\xff\\x00').click();
  await expect(detail.getByTestId('redis-value-text')).toContainText('00 01 fe');

  // Delete Key asks first.
  await keyButton(page, 'e2e:guild:2:name').click();
  await detail.getByRole('button', { name: 'Delete Key' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this key?' })).toBeVisible();
  await expectAccessible(page, 'redis delete key');
  await page.getByTestId('confirm-delete-key-confirm').click();
  await expect(toast(page, 'Key deleted: e2e:guild:2:name')).toBeVisible();
  await expect(keyButton(page, 'e2e:guild:2:name')).toHaveCount(0);
  expect(await browse.exists('e2e:guild:2:name')).toBe(0);

  await page.emulateMedia({ colorScheme: 'dark' });
  await keyButton(page, 'e2e:ranking').click();
  await expect(detail.getByTestId('redis-element').first()).toContainText('bob');
  await shot(page, 'redis-browser-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await shot(page, 'redis-browser-light');
});

test('the key manager: create keys, delete by pattern after a dry run, flush behind two confirmations', async ({ page }) => {
  const prefix = mainServerEnv().REDIS_PREFIX!;
  const confirmLabel = REDIS_MESSAGES.flushConfirm(FLUSH_DB, prefix);
  await browse.set('e2e:sentinel', 'stays');
  // Another deployment's key in the same database: the manager neither shows nor flushes it.
  await foreign.set('other-deployment:stays', 'theirs');
  await flush.set('e2e:tmp:1', '1');
  await flush.set('e2e:tmp:2', '2');
  await flush.set('e2e:tmp:3', '3');

  await page.goto(`/admin/database/redis?tab=manager&db=${FLUSH_DB}`);
  await expect(page.getByTestId('redis-prefix-scope')).toHaveText(REDIS_MESSAGES.prefixScope(prefix));
  const create = page.getByTestId('redis-create');
  await create.getByRole('button', { name: 'Create Key' }).click();
  await expect(page.getByTestId('redis-create-problem')).toHaveText('Key and value are required');

  await create.getByLabel('Key name').fill('e2e:new:hash');
  await create.getByLabel('Type').selectOption('hash');
  await create.getByLabel('Value').fill('name=Ada\nrole=healer');
  await create.getByLabel('TTL (seconds)').fill('300');
  await create.getByRole('button', { name: 'Create Key' }).click();
  await expect(toast(page, 'Key created: e2e:new:hash')).toBeVisible();
  expect(await flush.hgetall('e2e:new:hash')).toEqual({ name: 'Ada', role: 'healer' });
  expect(await flush.ttl('e2e:new:hash')).toBeGreaterThan(290);

  await create.getByLabel('Key name').fill('e2e:new:string');
  await create.getByLabel('Type').selectOption('string');
  await create.getByLabel('Value').fill('hello');
  await create.getByRole('button', { name: 'Create Key' }).click();
  await expect(toast(page, 'Key created: e2e:new:string')).toBeVisible();
  await create.getByLabel('Key name').fill('e2e:new:string');
  await create.getByLabel('Value').fill('again');
  await create.getByRole('button', { name: 'Create Key' }).click();
  await expect(create.getByTestId('redis-error')).toHaveText('Failed to create key: Key already exists: e2e:new:string');
  await expectAccessible(page, 'redis key manager');

  // A 10,000-character key: its toast names it, and stays a toast inside the screen (six lines of the message).
  const longKey = `e2e:long:${'k'.repeat(10_000 - 'e2e:long:'.length)}`;
  await create.getByLabel('Key name').fill(longKey);
  await create.getByLabel('Value').fill('long');
  await create.getByRole('button', { name: 'Create Key' }).click();
  const longToast = toast(page, 'Key created: e2e:long:kkkk');
  await expect(longToast).toBeVisible();
  expect(await flush.exists(longKey)).toBe(1);
  const screen = page.viewportSize()!;
  const box = (await longToast.boundingBox())!;
  expect(box.height).toBeLessThan(screen.height / 3);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(screen.height);

  // Delete by pattern: the dry run counts, then a confirmation deletes.
  const danger = page.getByTestId('redis-danger-zone');
  await danger.getByLabel('Pattern to delete').fill('e2e:tmp:*');
  await danger.getByRole('button', { name: 'Count matches' }).click();
  await expect(page.getByTestId('redis-dry-run')).toContainText('3 keys match e2e:tmp:*');
  expect(await flush.exists('e2e:tmp:1')).toBe(1);
  await danger.getByRole('button', { name: 'Delete 3 keys' }).click();
  await page.getByTestId('confirm-delete-pattern-confirm').click();
  await expect(toast(page, '3 keys matching e2e:tmp:* deleted')).toBeVisible();
  expect(await flush.exists('e2e:tmp:1', 'e2e:tmp:2', 'e2e:tmp:3')).toBe(0);

  // Flush: a first confirmation (which asks the server for a confirmation token), then the database's number typed.
  await danger.getByRole('button', { name: 'Flush database' }).click();
  await expect(page.getByRole('dialog', { name: `Flush database ${FLUSH_DB}?` })).toBeVisible();
  await expect(page.getByTestId('flush-app-keys-warning')).toHaveCount(0);
  await page.getByTestId('confirm-flush-first-confirm').click();
  const second = page.getByRole('dialog', { name: 'Type the database number' });
  const flushButton = page.getByTestId('confirm-flush-second-confirm');
  await expect(flushButton).toBeDisabled();
  await second.getByLabel(confirmLabel).fill('14');
  await expect(flushButton).toBeDisabled();
  await shot(page, 'redis-flush-confirm');
  await expectAccessible(page, 'redis flush, second confirmation');
  await second.getByLabel(confirmLabel).fill(String(FLUSH_DB));
  await flushButton.click();
  await expect(toast(page, `Database ${FLUSH_DB} flushed`)).toBeVisible();
  await expect.poll(() => flush.keys('*')).toEqual(['other-deployment:stays']);
  expect(await foreign.get('other-deployment:stays')).toBe('theirs');
  await foreign.del('other-deployment:stays');
  expect(await browse.get('e2e:sentinel')).toBe('stays');
  await shot(page, 'redis-key-manager');

  // Database 0 holds Guildhall's own keys: its flush says so before anything is deleted (and is cancelled here).
  await page.goto('/admin/database/redis?tab=manager&db=0');
  await page.getByTestId('redis-danger-zone').getByRole('button', { name: 'Flush database' }).click();
  const first = page.getByRole('dialog', { name: 'Flush database 0?' });
  await expect(first.getByTestId('flush-app-keys-warning')).toContainText('guildhall-e2e-');
  await expectAccessible(page, 'redis flush of the database holding the app keys');
  await first.getByRole('button', { name: 'Cancel' }).click();
  await expect(first).toHaveCount(0);
});

test('statistics refresh live; a database tile selects its database', async ({ page }) => {
  await browse.set('e2e:tile:1', 'a');
  await browse.set('e2e:tile:2', 'b');
  const info = await browse.info('server');
  const version = /redis_version:(\S+)/.exec(info)?.[1];

  await page.goto('/admin/database/redis?tab=stats');
  // Without ?db= the manager opens on Guildhall's own database (REDIS_URL's; 0 on this server), marked as such.
  const selector = page.getByTestId('redis-database');
  await expect(selector).toHaveValue('0');
  await expect(selector.locator('option:checked')).toContainText("Guildhall's");
  await expect(selector.locator('option', { hasText: "Guildhall's" })).toHaveCount(1);
  await expect(page.getByTestId('redis-stat-version')).toContainText(version ?? 'unknown');
  await expect(page.getByTestId('redis-stat-clients')).toContainText(/\d/);
  await expect(page.getByTestId('redis-stat-uptime')).toContainText(/\d+ days/);
  await expect(page.getByTestId('redis-stat-uptime')).toContainText(/\d+ seconds/);
  const live = page.getByTestId('redis-live');
  await expect(live).toContainText('Live');
  const firstRead = await live.locator('time').getAttribute('datetime');
  await expect(live.locator('time')).not.toHaveAttribute('datetime', firstRead ?? '', { timeout: 8000 });
  await shot(page, 'redis-statistics');
  await expectAccessible(page, 'redis statistics');

  await page.getByRole('tab', { name: 'Configuration' }).click();
  await expect(page).toHaveURL(/tab=config/);
  await expect(page.getByTestId('redis-server-info')).toContainText(version ?? 'unknown');
  await expect(page.getByTestId('redis-memory-info')).toContainText('used_memory_human');
  await expect(page.getByTestId('redis-databases').getByRole('button')).toHaveCount(16);
  const tile = page.getByTestId(`redis-tile-${BROWSE_DB}`);
  // The key browser's journey left a key with a 90 s TTL: it may expire meanwhile, so compare with the count now.
  await expect.poll(async () => (await tile.innerText()).includes(`${await browse.dbsize()} keys`), { timeout: 8000 }).toBe(true);
  await tile.click();
  await expect(page).toHaveURL(new RegExp(`db=${BROWSE_DB}`));
  await expect(tile).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('redis-database')).toHaveValue(String(BROWSE_DB));
  await shot(page, 'redis-configuration');
  await expectAccessible(page, 'redis configuration');

  await page.getByRole('tab', { name: 'Key Browser' }).click();
  await expect(keyButton(page, 'e2e:tile:1')).toBeVisible();

  // More keys than one SCAN page: Load more reads on from the cursor until the database is done, none twice.
  const bulk = browse.pipeline();
  for (let index = 0; index < 1200; index++) bulk.set(`e2e:bulk:${index}`, String(index));
  await bulk.exec();
  const total = await browse.dbsize();
  await page.getByRole('button', { name: 'Search' }).click();
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await expect(loadMore).toBeVisible();
  const scanCount = page.getByTestId('redis-scan-count');
  await expect(scanCount).toContainText(`of ${total.toLocaleString('en-US')} keys`);
  while (await loadMore.isVisible()) {
    await loadMore.click();
    await expect(page.getByRole('button', { name: 'Scanning...' })).toHaveCount(0);
  }
  await expect(scanCount).toContainText(`${total.toLocaleString('en-US')} found`);
  // The list is virtualised: the page holds the lines in view, not a button per key, and each line says its place
  // in the whole list; scrolling to the end draws the last key.
  const list = page.getByTestId('redis-key-list');
  await expect(list.locator('li').first()).toHaveAttribute('aria-setsize', String(total));
  expect(await page.getByTestId('redis-key').count()).toBeLessThan(100);
  await page.getByRole('region', { name: 'Keys', exact: true }).evaluate((box) => {
    box.scrollTop = box.scrollHeight;
  });
  await expect(list.locator(`li[aria-posinset="${total}"]`)).toBeVisible();
  // The keys scroll inside their box: the page itself stays as tall as the screen's other content.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(2000);
  await reviewShot(page, 'redis-browser-loaded', false);
});

test('without a Redis the manager says how to connect one; with Redis down, the red banner and the rest works', async ({
  page,
}) => {
  // The servers share the main one's database, so the session signed in above is good on them too.
  const { REDIS_URL: _main, ...env } = mainServerEnv();
  const unset = await startApp('redis-unset', PORTS.redisUnset, env);
  try {
    await page.goto(`${unset.url}/admin/database/redis`);
    await expect(page.getByTestId('redis-setup')).toContainText(REDIS_MESSAGES.notConfigured);
    await expect(page.getByTestId('redis-setup')).toContainText('REDIS_PREFIX');
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expectAccessible(page, 'redis manager, not configured');
  } finally {
    await unset.stop();
  }

  const redis = new OwnRedis(PORTS.redisDownRedis);
  await redis.start();
  const down = await startApp('redis-down', PORTS.redisDown, { ...env, REDIS_URL: `redis://127.0.0.1:${PORTS.redisDownRedis}` });
  try {
    await page.goto(`${down.url}/admin/database/redis`);
    await expect(page.getByTestId('redis-scan-count')).toContainText('found');
    await redis.stop();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('redis-error')).toHaveText(REDIS_MESSAGES.loadKeysFailed(REDIS_MESSAGES.unavailable), {
      timeout: 20_000,
    });
    await shot(page, 'redis-down');
    await expectAccessible(page, 'redis manager, Redis down');
    await page.getByRole('tab', { name: 'Statistics' }).click();
    await expect(page.getByTestId('redis-error')).toHaveText(REDIS_MESSAGES.unavailable);
    // The rest of the console is unaffected.
    await page.getByRole('link', { name: 'PostgreSQL' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('PostgreSQL');
    await expect(page.getByTestId('database-tables')).toBeVisible();
  } finally {
    await down.stop();
    await redis.stop();
  }
});
