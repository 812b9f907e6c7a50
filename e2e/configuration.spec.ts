import { CONFIG_MESSAGES } from '@guildhall/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { OpenAiFake } from '../apps/server/test/fakes/openai-fake';
import { PHONE_VIEWPORT } from './support/accessibility';
import { PORTS } from './support/accounts';
import { reviewShot } from './support/review-shot';
import { expect, expectAccessible, test } from './support/test';

// Journeys start signed in (support/test.ts); the sign-in form has journeys of its own.
test.use({ signedInAs: 'owner' });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });
const shot = (page: Page, name: string) => reviewShot(page, `configuration-${name}`);
const setting = (page: Page, key: string) => page.getByTestId(`setting-${key}`);

// In order on one worker: the journeys share the guilds made here (names unique to the run); a failure does not
// keep the later journeys from running (a new worker makes new guilds).
test.describe.configure({ mode: 'default', timeout: 120_000 });

const tag = Date.now().toString(36);
const guilds: { id: string; name: string }[] = [];
const fake = new OpenAiFake();

async function createGuild(request: APIRequestContext, name: string) {
  const res = await request.post('/api/admin/guilds', {
    headers: XHR,
    data: { guild_name: name, server: 'Argent Dawn', region: 'EU' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { guild: { id: string } }).guild.id;
}

async function putSettings(request: APIRequestContext, guildId: string, category: string, settings: Record<string, unknown>) {
  const res = await request.put(`/api/admin/config/guilds/${guildId}/settings`, { headers: XHR, data: { category, settings } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Ticks guilds in a guild multi-select, searching each by its name. */
async function chooseGuilds(page: Page, testId: string, names: string[]) {
  const picker = page.getByTestId(testId);
  for (const name of names) {
    await picker.getByRole('searchbox').fill(name);
    await picker.getByRole('checkbox', { name: new RegExp(`^${name} `) }).check();
  }
}

// The request context holds the owner's session, as the journeys' browsers do.
test.beforeAll(async ({ request }) => {
  await fake.start(PORTS.openAiFake);
  for (const letter of ['A', 'B', 'C', 'D']) {
    const name = `Config ${tag} ${letter}`;
    guilds.push({ id: await createGuild(request, name), name });
  }
});

test.afterAll(async () => {
  await fake.stop();
});

test("the kit's guild picker finds a guild by part of its name, with its override count, and opens its settings", async ({
  page,
}) => {
  const name = `Picker ${tag}`;
  const id = await createGuild(page.request, name);
  await putSettings(page.request, id, 'raids', { signupWindowDays: 7, defaultRaidSize: 25 });
  await page.goto('/admin/configuration');
  await expect(page.getByText('Choose a guild to see and change its settings.')).toBeVisible();
  const picker = page.getByTestId('guild-picker');
  await picker.getByRole('combobox').fill(`icker ${tag}`);
  const option = picker.getByRole('option', { name: new RegExp(`^${name}`) });
  await expect(option).toContainText('2 overrides');
  await reviewShot(page, 'configuration-guild-picker');
  await option.click();
  await expect(page).toHaveURL(new RegExp(`guild=${id}`));
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(picker.getByRole('combobox')).toHaveValue(name);
});

test('a setting: an invalid value is refused inline, a valid one saved and marked Modified, then rolled back', async ({
  page,
}) => {
  const [a] = guilds;
  await page.goto(`/admin/configuration?guild=${a!.id}&category=raids`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configuration');
  await expect(page.getByRole('heading', { name: a!.name })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Raids' })).toHaveAttribute('aria-selected', 'true');
  const size = setting(page, 'defaultRaidSize');
  await expect(size.getByLabel('Default raid size', { exact: true })).toHaveValue('20');
  await expect(size.getByTestId('modified-badge')).toHaveCount(0);
  await expect(page.getByTestId('config-history')).toContainText('No changes yet');
  await expectAccessible(page, 'Configuration, Raids');

  // Invalid: the catalog's message as the user types; Save sends nothing.
  await size.getByLabel('Default raid size', { exact: true }).fill('99');
  await expect(size).toContainText(CONFIG_MESSAGES.range(1, 40));
  await expect(page.getByTestId('unsaved-changes')).toHaveText('1 unsaved change');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(size.getByLabel('Default raid size', { exact: true })).toBeFocused();
  await expect(page.getByTestId('category-version')).toContainText('Version 0');
  await shot(page, 'invalid');

  // Valid: saved, marked Modified against the default, kept as version 1.
  await size.getByLabel('Default raid size', { exact: true }).fill('25');
  await expect(size).not.toContainText(CONFIG_MESSAGES.range(1, 40));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, CONFIG_MESSAGES.saved)).toBeVisible();
  await expect(page.getByTestId('category-version')).toContainText('Version 1');
  await expect(size.getByTestId('modified-badge')).toHaveText('Modified');
  await expect(size).toContainText('Default: 20');
  await expect(page.getByTestId('unsaved-changes')).toHaveCount(0);

  // A second change, then back to version 1 from the history.
  await size.getByLabel('Default raid size', { exact: true }).fill('30');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('category-version')).toContainText('Version 2');
  const history = page.getByTestId('config-history');
  await expect(history.getByTestId('version-2')).toContainText('Default raid size');
  await expect(history.getByTestId('version-2').locator('del')).toHaveText('25');
  await expect(history.getByTestId('version-2').locator('ins')).toHaveText('30');
  await expect(history.locator('li.config-version').first()).toHaveAttribute('data-testid', 'version-2');
  await shot(page, 'history');
  await history.getByTestId('version-1').getByRole('button', { name: 'Roll back to this version' }).click();
  await page.getByTestId('rollback-confirm').click();
  await expect(toast(page, CONFIG_MESSAGES.rolledBack(1))).toBeVisible();
  await expect(size.getByLabel('Default raid size', { exact: true })).toHaveValue('25');
  await expect(history.getByTestId('version-3')).toContainText('Rolled back');
  await expect(size.getByTestId('modified-badge')).toBeVisible();

  // Reset to default per setting: the mark goes.
  await size.getByRole('button', { name: 'Reset to default: Default raid size' }).click();
  await expect(size.getByLabel('Default raid size', { exact: true })).toHaveValue('20');
  await expect(size.getByTestId('modified-badge')).toHaveCount(0);

  // Leaving the category with an unsaved change asks first; Cancel keeps the edit, Discard drops it.
  await size.getByLabel('Default raid size', { exact: true }).fill('22');
  await page.getByRole('tab', { name: 'General' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(discard).toContainText('1 unsaved change to these settings will be lost');
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('tab', { name: 'Raids' })).toHaveAttribute('aria-selected', 'true');
  await expect(size.getByLabel('Default raid size', { exact: true })).toHaveValue('22');
  await page.getByRole('tab', { name: 'General' }).click();
  await discard.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Raids' }).click();
  await expect(size.getByLabel('Default raid size', { exact: true })).toHaveValue('20');

  // Dark theme and a phone.
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'settings-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(PHONE_VIEWPORT);
  await expect(size.getByLabel('Default raid size', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
  await shot(page, 'settings-phone');
});

test('a template made from one guild is previewed for three others, then applied to them', async ({ page }) => {
  const [a, b, c, d] = guilds;
  await putSettings(page.request, a!.id, 'general', { language: 'de' });
  await putSettings(page.request, a!.id, 'raids', { signupWindowDays: 21 });
  const templateName = `Raid night ${tag}`;

  await page.goto(`/admin/configuration?guild=${a!.id}&view=templates`);
  const create = page.getByTestId('create-template');
  await expect(create).toContainText(a!.name);
  await create.getByRole('button', { name: `Create from ${a!.name}` }).click();
  await expect(create).toContainText(CONFIG_MESSAGES.templateNameRequired);
  await create.getByRole('textbox', { name: 'Template name' }).fill(templateName);
  await create.getByRole('textbox', { name: 'Description' }).fill('German and three weeks of sign-ups');
  await create.getByRole('button', { name: `Create from ${a!.name}` }).click();
  await expect(toast(page, CONFIG_MESSAGES.templateCreated)).toBeVisible();
  const template = page.getByTestId('template').filter({ hasText: templateName });
  await expect(template).toContainText('Language: Deutsch');
  await expect(template).toContainText('Sign-up window (days): 21');
  await expectAccessible(page, 'Configuration, Templates');

  await template.getByRole('button', { name: 'Apply to guilds' }).click();
  const dialog = page.getByRole('dialog', { name: `Apply ${templateName}` });
  await chooseGuilds(page, 'apply-guilds', [b!.name, c!.name, d!.name]);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.getByTestId('apply-preview');
  await expect(preview).toContainText('Preview: nothing is changed yet');
  await expect(preview.getByTestId('preview-guild')).toHaveCount(3);
  for (const guild of [b!, c!, d!]) {
    const row = preview.getByTestId('preview-guild').filter({ hasText: guild.name });
    await expect(row).toContainText('2 changes');
    await expect(row.locator('ins').filter({ hasText: 'Deutsch' })).toBeVisible();
  }
  await shot(page, 'template-preview');
  await expectAccessible(page, 'the template preview');
  await dialog.getByRole('button', { name: 'Apply to 3 guilds' }).click();
  await expect(toast(page, CONFIG_MESSAGES.templateApplied(3))).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The guilds have it now.
  await page.goto(`/admin/configuration?guild=${c!.id}&category=general`);
  await expect(setting(page, 'language').getByLabel('Language', { exact: true })).toHaveValue('de');
  await expect(setting(page, 'language').getByTestId('modified-badge')).toBeVisible();
  await expect(page.getByTestId('config-history').getByTestId('version-1')).toContainText(templateName);
});

test('three guilds compared side by side, the differences highlighted', async ({ page }) => {
  const [a, b, c] = guilds;
  // The same language everywhere (as the template left it), a raid size of C's own.
  for (const guild of [a!, b!, c!]) await putSettings(page.request, guild.id, 'general', { language: 'de' });
  await putSettings(page.request, c!.id, 'raids', { defaultRaidSize: 10 });
  await page.goto('/admin/configuration?view=compare');
  await chooseGuilds(page, 'compare-guilds', [a!.name, b!.name, c!.name]);
  const table = page.getByTestId('compare');
  await expect(table.getByRole('columnheader', { name: c!.name })).toBeVisible();
  const size = table.getByTestId('compare-row-raids.defaultRaidSize');
  await expect(size).toHaveAttribute('data-differs', 'true');
  await expect(size).toContainText('Differs');
  await expect(size).toContainText('10');
  const loot = table.getByTestId('compare-row-general.language');
  await expect(loot).toHaveAttribute('data-differs', 'false');
  await expect(loot.getByRole('cell')).toHaveText(['Deutsch (modified)', 'Deutsch (modified)', 'Deutsch (modified)']);
  await shot(page, 'compare');
  await expectAccessible(page, 'Configuration, Compare');
  await table.getByText('Only differences').click();
  await expect(loot).toHaveCount(0);
  await expect(size).toBeVisible();
  await page.setViewportSize(PHONE_VIEWPORT);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
  await shot(page, 'compare-phone');
});

test("Test AI answers with the fake provider's reply, with the unsaved endpoint URL; then its error", async ({ page }) => {
  const d = guilds[3]!;
  fake.reset();
  await page.goto(`/admin/configuration?guild=${d.id}&category=ai`);
  const endpoint = setting(page, 'endpointUrl').getByLabel('Endpoint URL', { exact: true });
  await endpoint.fill('not a url');
  await expect(setting(page, 'endpointUrl')).toContainText(CONFIG_MESSAGES.url);
  await endpoint.fill(fake.baseUrl);
  await expect(setting(page, 'apiKey').getByTestId('secret-state')).toHaveText('Not set');
  await setting(page, 'apiKey').getByLabel('API key', { exact: true }).fill('sk-e2e-test');
  const panel = page.getByTestId('test-ai');
  await panel.getByRole('button', { name: 'Run test' }).click();
  const result = panel.getByTestId('test-ai-result');
  await expect(result).toContainText('Hello from gpt-4o-mini: I am working.');
  await expect(result).toContainText(/\d+ ms/);
  await expect(result).toContainText('gpt-4o-mini');
  expect(fake.lastRequest?.authorization).toBe('Bearer sk-e2e-test');
  await shot(page, 'test-ai');
  await expectAccessible(page, 'Configuration, Test AI');

  fake.mode = 'error';
  await panel.getByRole('button', { name: 'Run test' }).click();
  await expect(panel.getByTestId('test-ai-result')).toContainText(CONFIG_MESSAGES.aiProviderError(401));
  // Our words for the status, never the provider's body.
  await expect(panel.getByTestId('test-ai-result')).not.toContainText('Incorrect API key provided');
  fake.mode = 'reply';

  // Saved: the key is stored write-only, shown as set.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, CONFIG_MESSAGES.saved)).toBeVisible();
  await expect(setting(page, 'apiKey').getByTestId('secret-state')).toHaveText('Set');
  await expect(setting(page, 'apiKey').getByLabel('API key', { exact: true })).toHaveValue('');

  // A new endpoint URL takes the saved key with it no more: the form asks for it again.
  await expect(setting(page, 'apiKey').getByTestId('secret-retype')).toHaveCount(0);
  await endpoint.fill(`${fake.baseUrl}/elsewhere`);
  await expect(setting(page, 'apiKey').getByTestId('secret-retype')).toHaveText(CONFIG_MESSAGES.aiKeyRetypeHint);
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(setting(page, 'apiKey').getByTestId('secret-retype')).toHaveCount(0);

  // Test Memory with the saved settings.
  await page.getByRole('tab', { name: 'Memory' }).click();
  await expect(page).toHaveURL(/category=memory/);
  await page.getByTestId('test-memory').getByRole('button', { name: 'Run extraction' }).click();
  await expect(page.getByTestId('test-memory-result')).toContainText('Restoration Shaman');
});
