import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

/** The phone width every screen is also checked at (issue #18). */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/** The impacts that fail a journey; moderate and minor findings are left to review. */
const FAILING_IMPACTS = new Set(['critical', 'serious']);

/** Nodes listed per rule in a report; the rest are counted. */
const NODES_PER_RULE = 5;

/**
 * WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. `label-content-name-mismatch` (WCAG 2.5.3:
 * a control's accessible name holds its visible text) is tagged experimental, which tag selection leaves out, so it
 * is enabled by name.
 */
const AXE_OPTIONS = {
  runOnly: { type: 'tag' as const, values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'] },
  rules: { 'label-content-name-mismatch': { enabled: true } },
};

/** Waits for the layout after a resize: two frames, then every finite animation or transition. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** One failing rule as lines of the report: impact, rule, what it asks, then each node's target and summary. */
function describe(violation: Violation): string {
  const nodes = violation.nodes.slice(0, NODES_PER_RULE).map((node) => {
    // axe's summary is 'Fix any of the following:' and an indented line per failed check.
    const summary = (node.failureSummary ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !/^Fix (any|all) of the following:$/.test(line))
      .join('; ');
    return `    ${node.target.join(' >> ')}: ${summary}`;
  });
  const more = violation.nodes.length - NODES_PER_RULE;
  if (more > 0) nodes.push(`    …and ${more} more`);
  return [`  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`, ...nodes].join('\n');
}

async function failingViolations(page: Page) {
  const results: AxeResults = await new AxeBuilder({ page }).options(AXE_OPTIONS).analyze();
  return results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
}

/**
 * One axe pass; what it finds is checked again once the page has settled, so a toast caught fading in (its text at
 * partial opacity reads as low contrast) is not reported, while anything that stays is.
 */
async function audit(page: Page, where: string): Promise<string[]> {
  let failing = await failingViolations(page);
  if (failing.length) {
    await settle(page);
    failing = await failingViolations(page);
  }
  return failing.length ? [`${where}:\n${failing.map(describe).join('\n')}`] : [];
}

/**
 * Runs axe on the page as it is, at its current width and at 390 px (resized, laid out, checked, restored), and
 * returns one report per width with critical or serious violations: rule, impact, target and summary.
 */
export async function accessibilityReports(page: Page, label?: string): Promise<string[]> {
  const name = label ?? new URL(page.url()).pathname;
  const viewport = page.viewportSize();
  const reports = await audit(page, `${name} at ${viewport?.width ?? 'its'} px`);
  if (viewport && viewport.width !== PHONE_VIEWPORT.width) {
    await page.setViewportSize(PHONE_VIEWPORT);
    try {
      await settle(page);
      reports.push(...(await audit(page, `${name} at ${PHONE_VIEWPORT.width} px`)));
    } finally {
      await page.setViewportSize(viewport);
      await settle(page);
    }
  }
  return reports;
}

/** Fails on any critical or serious axe violation on the page, at its width and at 390 px. */
export async function expectAccessible(page: Page, label?: string): Promise<void> {
  const reports = await accessibilityReports(page, label);
  expect(reports, `critical or serious accessibility violations (axe) on ${label ?? new URL(page.url()).pathname}`).toEqual([]);
}
