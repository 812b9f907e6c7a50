import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import pg from 'pg';
import { mainServerEnv } from './support/community';
import { parseCsv } from './support/csv';
import { reviewShot } from './support/review-shot';
import { expect, expectAccessible, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

const TABLE = 'e2e_db_rows';

/** Types a statement into the SQL editor, replacing what it held. */
async function typeQuery(page: Page, sql: string) {
  const editor = page.getByTestId('sql-editor');
  // Typing lands only once the editor has the focus: type again until the editor shows the statement.
  await expect(async () => {
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(sql);
    await expect(editor).toHaveText(sql, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** The rows of a result grid in the page (virtualised: those in view and a margin), without the spacers. */
const dataRows = (grid: Locator) => grid.locator('tbody tr[aria-rowindex]');

/** Runs a statement with writes allowed, through the confirmation. */
async function runWrite(page: Page, sql: string) {
  await typeQuery(page, sql);
  await page.getByRole('button', { name: 'Execute' }).click();
  await page.getByRole('button', { name: 'Run with writes' }).click();
  await expect(page.getByTestId('query-summary')).toContainText('writes committed');
}

/**
 * A connection of its own to the app's database, under an application name, sleeping 120 s (long enough for the
 * accessibility checks on the way to its buttons); its pid and its outcome.
 */
async function startSleeper(applicationName: string) {
  const client = new pg.Client({ connectionString: mainServerEnv().DATABASE_URL, application_name: applicationName });
  // A terminated connection reports the end on the client too; the test reads it from the query's outcome.
  client.on('error', () => undefined);
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const outcome = client.query('SELECT pg_sleep(120)').then(
    () => 'finished',
    (error: Error) => error.message,
  );
  return { pid: rows[0]!.pid, outcome, end: () => client.end().catch(() => undefined) };
}

/** The rows table the query runner's journey writes, made here too so the table browser's journey stands alone. */
async function ensureRowsTable() {
  const client = new pg.Client({ connectionString: mainServerEnv().DATABASE_URL });
  await client.connect();
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS ${TABLE} (id int PRIMARY KEY, label text)`);
    await client.query(`INSERT INTO ${TABLE} SELECT g, 'row ' || g FROM generate_series(1, 120) g ON CONFLICT (id) DO NOTHING`);
  } finally {
    await client.end();
  }
}

test('the query runner: writes only when confirmed, 100 of N rows, errors, history, explain, cancel', async ({ page }) => {
  // A long journey: a write confirmed, 100 of 1,000 rows scrolled by keyboard, an export, errors, history, explain, cancel.
  test.slow();
  await page.goto('/admin/database/postgresql?tab=query');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PostgreSQL');
  await expect(page.getByRole('tab', { name: 'Query Runner' })).toHaveAttribute('aria-selected', 'true');

  // Execute does nothing for an empty query.
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.getByText('Run a statement to see its rows here.')).toBeVisible();

  // A write is refused on the read-only path, and runs once "Allow writes" is ticked and confirmed.
  await typeQuery(page, `CREATE TABLE IF NOT EXISTS ${TABLE} (id int PRIMARY KEY, label text)`);
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.getByTestId('query-error')).toContainText(/read-only/i);
  // Two statements at once: the runner's own sentence, not PostgreSQL's about prepared statements (issue 29).
  await typeQuery(page, 'SELECT 1; SELECT 2');
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.getByTestId('query-error')).toContainText('Run one statement at a time');
  await expect(page.getByTestId('query-error')).not.toContainText('prepared statement');
  await typeQuery(page, `CREATE TABLE IF NOT EXISTS ${TABLE} (id int PRIMARY KEY, label text)`);
  await page.getByLabel('Allow writes').check();
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.getByRole('dialog', { name: 'Run with writes allowed?' })).toBeVisible();
  await expectAccessible(page, 'database query runner, confirm writes');
  await page.getByRole('button', { name: 'Run with writes' }).click();
  await expect(page.getByTestId('query-summary')).toContainText('writes committed');
  await runWrite(page, `INSERT INTO ${TABLE} SELECT g, 'row ' || g FROM generate_series(1, 120) g ON CONFLICT (id) DO NOTHING`);
  await page.getByLabel('Allow writes').uncheck();

  // Ctrl/Cmd+Enter runs: 100 rows of 1000, with the duration and the fields' types.
  await typeQuery(page, 'SELECT g AS n, now() AS at FROM generate_series(1, 1000) g');
  await page.keyboard.press('ControlOrMeta+Enter');
  const summary = page.getByTestId('query-summary');
  await expect(summary).toContainText(/Showing the first 100 of (more than )?[\d,]+ rows/);
  await expect(summary).toContainText(/\d+(\.\d+)? ms/);
  const grid = page.getByTestId('query-result-grid');
  await expect(grid).toHaveAttribute('aria-rowcount', '101');
  await expect(grid.locator('thead')).toContainText('timestamp with time zone');
  // The rows are virtualised: only those in view are in the page, and the keyboard scrolls the box to row 100.
  await expect(dataRows(grid).first()).toHaveAttribute('aria-rowindex', '2');
  expect(await dataRows(grid).count()).toBeLessThan(100);
  await page.getByRole('region', { name: 'Query result' }).press('End');
  await expect(grid.locator('tr[aria-rowindex="101"] td').first()).toHaveText('100');
  // The header stays on top of the box.
  await expect(grid.getByRole('columnheader').first()).toBeInViewport();
  await reviewShot(page, 'database-query');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await reviewShot(page, 'database-query-phone', false);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectAccessible(page, 'database query runner, result');

  // The result exported as CSV.
  const queryDownload = page.waitForEvent('download');
  await page.getByTestId('query-results').getByRole('button', { name: 'Export CSV' }).click();
  const queryCsv = parseCsv(readFileSync((await (await queryDownload).path())!, 'utf8')).filter((row) => row.join('') !== '');
  expect(queryCsv[0]).toEqual(['n', 'at']);
  expect(queryCsv).toHaveLength(1001);

  // A failing statement shows the server's text in the results area.
  await typeQuery(page, 'SELECT * FROM nope');
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.getByTestId('query-error')).toContainText('relation "nope" does not exist');
  await reviewShot(page, 'database-query-error');
  await expectAccessible(page, 'database query runner, error');

  // History: a click puts a past statement back in the editor.
  const history = page.getByTestId('query-history');
  await expect(history.getByRole('button').first()).toHaveText('SELECT * FROM nope');
  await history.getByRole('button', { name: 'SELECT g AS n, now() AS at FROM generate_series(1, 1000) g' }).click();
  await expect(page.getByTestId('sql-editor')).toHaveText('SELECT g AS n, now() AS at FROM generate_series(1, 1000) g');

  // Explain shows the plan as a tree.
  await page.getByRole('button', { name: 'Explain' }).click();
  await expect(page.getByTestId('explain-tree')).toContainText('Function Scan');
  await reviewShot(page, 'database-explain');

  // Cancel stops a running statement on the server.
  await typeQuery(page, 'SELECT pg_sleep(30)');
  const started = Date.now();
  await page.getByRole('button', { name: 'Execute' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('query-error')).toContainText(/cancel/i);
  expect(Date.now() - started).toBeLessThan(15_000);
});

test('the table browser: schemas, a table, its details, keyset pages, export', async ({ page }) => {
  await ensureRowsTable();
  await page.goto('/admin/database/explorer');
  await expect(page).toHaveURL(/\/admin\/database\/postgresql$/);
  await expect(page.getByRole('tab', { name: 'Table Browser' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('database-schema')).toHaveValue('public');
  await expect(page.getByTestId('database-schema').locator('option', { hasText: 'public' })).toHaveCount(1);

  const tables = page.getByTestId('database-tables');
  await expect(tables.getByRole('button', { name: 'guilds', exact: true })).toBeVisible();
  await tables.getByRole('button', { name: TABLE, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`table=${TABLE}`));

  const details = page.getByTestId('database-details');
  await expect(details.getByRole('heading', { name: `public.${TABLE}` })).toBeVisible();
  await expect(page.getByTestId('database-indexes')).toContainText('PRIMARY');
  await expect(details).toContainText('integer');

  const rows = page.getByTestId('database-rows');
  await expect(rows).toHaveAttribute('aria-rowcount', '51');
  await expect(dataRows(rows).first()).toContainText('row 1');
  await reviewShot(page, 'database-table');
  await expectAccessible(page, 'database table browser');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('database-rows-page')).toContainText('Page 2');
  await expect(dataRows(rows).first()).toContainText('row 51');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(dataRows(rows).first()).toContainText('row 1');

  // The kit's page sizes, in the URL: 25 a page from the first page, kept over a reload; 50 leaves the URL.
  const pageSize = page.getByRole('navigation', { name: 'Row pages' }).getByLabel('Rows per page');
  await expect(pageSize.locator('option')).toHaveText(['10', '25', '50', '100']);
  await pageSize.selectOption('25');
  await expect(page).toHaveURL(/limit=25/);
  await expect(rows).toHaveAttribute('aria-rowcount', '26');
  await expect(page.getByTestId('database-rows-page')).toHaveText('Page 1 · 25 a page');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(dataRows(rows).first()).toContainText('row 26');
  await page.reload();
  await expect(rows).toHaveAttribute('aria-rowcount', '26');
  await expect(dataRows(rows).first()).toContainText('row 1');
  await pageSize.selectOption('50');
  await expect(page).not.toHaveURL(/limit=/);
  await expect(rows).toHaveAttribute('aria-rowcount', '51');

  // At phone width the page does not scroll sideways: the tables scroll in their own boxes.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await reviewShot(page, 'database-table-phone', false);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Descending by the primary key.
  await page.getByLabel('Order').selectOption('desc');
  await expect(dataRows(rows).first()).toContainText('row 120');

  const download = page.waitForEvent('download');
  await details.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = parseCsv(readFileSync((await file.path())!, 'utf8')).filter((row) => row.join('') !== '');
  expect(csv[0]).toEqual(['id', 'label']);
  expect(csv).toHaveLength(121);

  // A failed export says so in the red banner, with the server's reason.
  await page.route('**/api/admin/database/postgresql/export?*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'disk full' }) }),
  );
  await details.getByRole('button', { name: 'Export JSON' }).click();
  await expect(page.getByTestId('database-error')).toHaveText('Failed to export data: disk full');
  await expectAccessible(page, 'database table browser, export failed');
});

test('the row grid: a uuid and a long text on one line, the row read whole, a column resized; an opened table in view', async ({
  page,
}) => {
  const id = '6f1c2a7e-9b3d-4c58-a0e1-2d7f4b9c8e15';
  const note = `${'The whole note, word by word. '.repeat(100)}The end.`;
  const client = new pg.Client({ connectionString: mainServerEnv().DATABASE_URL });
  await client.connect();
  try {
    await client.query('DROP TABLE IF EXISTS e2e_db_grid');
    await client.query('CREATE TABLE e2e_db_grid (id uuid PRIMARY KEY, created_at timestamptz NOT NULL, note text)');
    await client.query("INSERT INTO e2e_db_grid VALUES ($1, '2026-01-02T03:04:05Z', $2)", [id, note]);
  } finally {
    await client.end();
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/admin/database/postgresql');
  // The schema lists every table of the app: the opened table's details come into view instead of staying below it.
  await page.getByTestId('database-tables').getByRole('button', { name: 'e2e_db_grid', exact: true }).click();
  const details = page.getByTestId('database-details');
  await expect(details.getByRole('heading', { name: 'public.e2e_db_grid' })).toBeInViewport();
  await expect(page.getByTestId('database-open-table')).toBeFocused();

  const grid = page.getByTestId('database-rows');
  const row = dataRows(grid).first();
  await expect(row).toContainText(id);
  // One line: a row as tall as a line of text and its padding, the uuid whole, the note cut at its column's edge.
  expect((await row.boundingBox())!.height).toBeLessThan(60);
  const isCut = (text: string) =>
    row.getByText(text, { exact: false }).evaluate((value) => {
      const cell = value.closest('td')!;
      return cell.scrollWidth > cell.clientWidth + 1;
    });
  expect(await isCut(id)).toBe(false);
  expect(await isCut('The whole note')).toBe(true);
  await reviewShot(page, 'database-row-grid', false);

  // A column's edge widens it from the keyboard.
  const noteHead = grid.getByRole('columnheader', { name: /note/ });
  const before = (await noteHead.boundingBox())!.width;
  const edge = grid.getByRole('separator', { name: 'Width of note' });
  await edge.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await noteHead.boundingBox())!.width).toBeCloseTo(before + 32, 0);
  // And by dragging it with the mouse.
  const handle = (await edge.boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2 + 60, handle.y + handle.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => (await noteHead.boundingBox())!.width).toBeCloseTo(before + 92, 0);

  // The row's number opens it whole: the uuid, the timestamp and the note with Show all.
  await row.getByRole('button', { name: 'Show row 1 whole' }).click();
  const dialog = page.getByRole('dialog', { name: 'Row 1 of public.e2e_db_grid' });
  await expect(dialog).toContainText(id);
  await expect(dialog).toContainText('2026-01-02');
  await dialog.getByRole('button', { name: `Show all ${note.length} characters` }).click();
  await expect(dialog).toContainText('The end.');
  await reviewShot(page, 'database-row-detail', false);
  await expectAccessible(page, 'database row detail');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test("the red banner: the spec's text and the server's reason when schemas, tables or details fail to load", async ({ page }) => {
  // An unknown schema and an unknown table are the server's 404s, shown once with its reason.
  await page.goto('/admin/database/postgresql?schema=nope');
  await expect(page.getByTestId('database-error')).toHaveText('Failed to load tables: Schema not found: nope');
  await page.goto('/admin/database/postgresql?table=nope');
  await expect(page.getByTestId('database-error')).toHaveText('Failed to load table details: Table not found: public.nope');
  await expect(page.getByTestId('database-tables').getByRole('button', { name: 'guilds', exact: true })).toBeVisible();

  // The schema list refused by the server (a 503 is an answer, shown at once).
  await page.route('**/api/admin/database/postgresql/schemas*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: 'database is down' }),
    }),
  );
  await page.goto('/admin/database/postgresql');
  await expect(page.getByTestId('database-error')).toHaveText('Failed to load schemas: database is down');
  await expectAccessible(page, 'database table browser, schemas failed');
});

test('connection stats and migrations show the real database', async ({ page }) => {
  await page.goto('/admin/database');
  await expect(page).toHaveURL(/\/admin\/database\/postgresql$/);
  await page.getByRole('tab', { name: 'Connection Stats' }).click();
  await expect(page).toHaveURL(/tab=connections/);
  const maxConnections = page.getByTestId('database-stat-max_connections');
  await expect(maxConnections).toContainText(/\d+/);
  await expect(maxConnections.locator('dt')).toHaveText('Connection limit');
  await expect(page.getByTestId('database-stat-Active')).toContainText(/[1-9]/);
  await expect(page.getByTestId('database-stat-Waiting')).toContainText('idle in transaction');
  // At 1280 px the sessions fit their card: no sideways scroll hides the Cancel and Terminate buttons (issue 29).
  const sessions = page.getByTestId('database-sessions');
  await expect(sessions.getByRole('button', { name: 'Terminate' }).first()).toBeVisible();
  const hidden = await sessions.evaluate((table) => {
    let box: Element | null = table;
    while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
    return box ? box.scrollWidth - box.clientWidth : 0;
  });
  expect(hidden).toBeLessThanOrEqual(1);
  await reviewShot(page, 'database-connections');
  await expectAccessible(page, 'database connection stats');

  await page.getByRole('tab', { name: 'Migrations' }).click();
  await expect(page).toHaveURL(/tab=migrations/);
  const migrations = page.getByTestId('database-migration');
  await expect(migrations.first()).toContainText('Applied');
  await expect(migrations.first()).toContainText(/\d{4}-\d{2}-\d{2}/);
  await reviewShot(page, 'database-migrations');
  await expectAccessible(page, 'database migrations');
});

test('the query runner reads in the dark theme, the editor included', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/admin/database/postgresql?tab=query');
  await typeQuery(page, "SELECT 1 AS one, 'text' AS word, '{\"a\": 1}'::jsonb AS doc, '\\xdeadbeef'::bytea AS bytes -- note");
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('query-summary')).toContainText('1 row');
  await expect(page.getByTestId('query-result-grid')).toContainText('\\xdeadbeef (4 B)');
  const editorBackground = await page
    .getByTestId('sql-editor')
    .evaluate((element) => getComputedStyle(element.closest('.cm-editor') ?? element).backgroundColor);
  expect(editorBackground).not.toBe('rgb(255, 255, 255)');
  await reviewShot(page, 'database-query-dark');
});

test('connection stats: live sessions; a statement cancelled and a session terminated through their dialogs', async ({
  page,
}) => {
  // Five accessibility checks (each at two widths) on a page that reads the database every 2 s.
  test.slow();
  const sleeper = await startSleeper('e2e-sleeper');
  let doomed: Awaited<ReturnType<typeof startSleeper>> | undefined;
  try {
    await page.goto('/admin/database/postgresql?tab=connections');
    const live = page.getByTestId('database-live');
    await expect(live).toContainText('Live');
    const firstRead = await live.locator('time').getAttribute('datetime');
    await expect.poll(() => live.locator('time').getAttribute('datetime'), { timeout: 10_000 }).not.toBe(firstRead);

    const sessions = page.getByTestId('database-session');
    const sleeperRow = sessions.filter({ has: page.getByRole('cell', { name: 'e2e-sleeper', exact: true }) });
    await expect(sleeperRow).toHaveAttribute('data-pid', String(sleeper.pid));
    await expect(sleeperRow).toContainText('Active');
    await expect(sleeperRow).toContainText('SELECT pg_sleep(120)');
    await expect(sleeperRow).toContainText(/running \d+ s/);
    // The console's own session is marked, and left alone.
    const own = sessions.filter({ hasText: 'This console' });
    await expect(own).toHaveCount(1);
    await expect(own.getByRole('button', { name: 'Terminate' })).toBeDisabled();
    await reviewShot(page, 'database-sessions');
    await expectAccessible(page, 'database connection stats, sessions');

    // Cancel query: the statement stops, the session stays, idle.
    await sleeperRow.getByRole('button', { name: 'Cancel query' }).click();
    const cancelDialog = page.getByRole('dialog', { name: `Cancel the statement of session ${sleeper.pid}?` });
    await expect(cancelDialog).toContainText('e2e-sleeper');
    await expectAccessible(page, 'database sessions, confirm cancel');
    await cancelDialog.getByRole('button', { name: 'Cancel query' }).click();
    await expect(page.getByText(`Cancelled the statement of session ${sleeper.pid}.`)).toBeVisible();
    expect(await sleeper.outcome).toMatch(/cancel/i);
    await expect(sleeperRow).toContainText('Idle');
    await expect(sleeperRow.getByRole('button', { name: 'Cancel query' })).toBeDisabled();

    // Terminate: the session leaves the list.
    doomed = await startSleeper('e2e-doomed');
    const doomedRow = sessions.filter({ has: page.getByRole('cell', { name: 'e2e-doomed', exact: true }) });
    await expect(doomedRow).toContainText('Active');
    await doomedRow.getByRole('button', { name: 'Terminate' }).click();
    const terminateDialog = page.getByRole('dialog', { name: `Terminate session ${doomed.pid}?` });
    await expectAccessible(page, 'database sessions, confirm terminate');
    await terminateDialog.getByRole('button', { name: 'Terminate' }).click();
    await expect(page.getByText(`Terminated session ${doomed.pid}.`)).toBeVisible();
    expect(await doomed.outcome).toMatch(/terminat/i);
    await expect(doomedRow).toHaveCount(0);
    await reviewShot(page, 'database-sessions-after');
    // The toast, read, is dismissed: over the last row's Terminate it made axe count that button as obscured.
    const dismiss = page.getByRole('button', { name: 'Dismiss' });
    while ((await dismiss.count()) > 0) await dismiss.first().click();
    await expect(page.getByText(`Terminated session ${doomed.pid}.`)).toHaveCount(0);
    // And back to the top: a row straddling the sticky header has its buttons half under it, which axe also counts.
    await page.evaluate(() => {
      window.scrollTo(0, 0);
      for (const box of document.querySelectorAll('main, .app-main, .shell__main')) box.scrollTop = 0;
    });
    await expectAccessible(page, 'database sessions, after cancel and terminate');
  } finally {
    await sleeper.end();
    await doomed?.end();
  }
});

test('the table list: an estimated count counted exactly on demand; a view whose long text arrives cut', async ({ page }) => {
  const client = new pg.Client({ connectionString: mainServerEnv().DATABASE_URL });
  await client.connect();
  try {
    // 12,345 rows analysed, then 55 more the planner has not seen: the estimate and the count differ.
    await client.query('DROP TABLE IF EXISTS e2e_db_estimate');
    await client.query('CREATE TABLE e2e_db_estimate AS SELECT g AS id FROM generate_series(1, 12345) g');
    await client.query('ANALYZE e2e_db_estimate');
    await client.query('INSERT INTO e2e_db_estimate SELECT g FROM generate_series(12346, 12400) g');
    // A view of one row whose text is longer than the 65,536 characters the screen is sent.
    await client.query("CREATE OR REPLACE VIEW e2e_db_long AS SELECT 1 AS id, repeat('x', 70000) AS body");
  } finally {
    await client.end();
  }
  await page.goto('/admin/database/postgresql');
  const row = page.getByTestId('database-tables').getByRole('row', { name: /e2e_db_estimate/ });
  await expect(row).toContainText('≈ 12,345');
  await expect(row).toContainText('(estimate)');
  await page.getByRole('button', { name: 'Count rows exactly' }).click();
  await expect(page).toHaveURL(/exact=1/);
  await expect(row).toContainText('12,400');
  await expect(row).not.toContainText('(estimate)');
  await expect(row).not.toContainText('≈');
  await expect(page.getByRole('button', { name: 'Count rows exactly' })).toHaveCount(0);
  await expectAccessible(page, 'database table list, exact counts');

  // The view is tagged, its definition shown, and its long text arrives cut, with its whole length.
  const viewRow = page.getByTestId('database-tables').getByRole('row', { name: /e2e_db_long/ });
  await expect(viewRow).toContainText('View');
  await viewRow.getByRole('button', { name: 'e2e_db_long', exact: true }).click();
  await expect(page.getByTestId('database-definition')).toContainText('repeat');
  // The grid shows its start on one line; the row's detail says it was cut, with its whole length.
  const grid = page.getByTestId('database-rows');
  await expect(dataRows(grid).first()).toContainText('xxxxxxxx');
  await grid.getByRole('button', { name: 'Show row 1 whole' }).click();
  const detail = page.getByRole('dialog', { name: 'Row 1 of public.e2e_db_long' });
  await expect(detail).toContainText('Showing the first 65,536 of 70,000 characters; export the rows to read it whole.');
  await expect(detail.getByRole('button', { name: 'Show all 65536 characters' })).toBeVisible();
  await reviewShot(page, 'database-long-text');
  await expectAccessible(page, 'database table browser, a view with a cut text');
});
