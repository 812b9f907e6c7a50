import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import type { AxeResults } from 'axe-core';

type Violation = AxeResults['violations'][number];

/**
 * axe-core's own script, put into a page once per document and run there as often as the journey asks. AxeBuilder
 * puts the 580 kB script in again at every pass (and configures it), a third of a pass's time on a page it ran on
 * already; a string evaluated through the DevTools protocol is not the page's eval, so the app's CSP allows it.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The phone width every screen is also checked at (issue #18). */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/** The impacts that fail a journey; moderate and minor findings are left to review. */
const FAILING_IMPACTS = new Set(['critical', 'serious']);

/** Nodes listed per rule in a report; the rest are counted. */
const NODES_PER_RULE = 5;

/**
 * WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. `label-content-name-mismatch` (WCAG 2.5.3:
 * a control's accessible name holds its visible text) is tagged experimental, which tag selection leaves out, so it
 * is enabled by name. Every rule still runs on every node; `resultTypes` only spares axe building selectors and
 * HTML for the nodes that pass (most of a pass's time on a 50-row table), which no one reads.
 */
const AXE_OPTIONS = {
  runOnly: { type: 'tag' as const, values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'] },
  rules: { 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations' as const],
};

/**
 * An open modal dialog is all a reader can reach (showModal makes the rest inert), and the page behind it was
 * checked before it opened: a pass at that state checks the dialog.
 */
const OPEN_MODAL = 'dialog[open]';

/** Waits for the layout after a resize: two frames, then every finite animation or transition (a drawer closing). */
export async function settle(page: Page): Promise<void> {
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

/** The annotation each axe pass leaves on its test, with its time: the run's end adds them up (slowest-reporter). */
export const AXE_PASS_ANNOTATION = 'axe pass (ms)';

/**
 * One axe run in the page itself (the app has no frames whose results would need merging), over the open modal
 * dialog where there is one, else the document.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ([modal, options]) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const context = document.querySelector(modal) ? { include: [[modal]] } : document;
      return axe.run(context, options);
    },
    [OPEN_MODAL, AXE_OPTIONS] as const,
  );
}

async function failingViolations(page: Page) {
  const started = Date.now();
  const results = await runAxe(page);
  test.info().annotations.push({ type: AXE_PASS_ANNOTATION, description: String(Date.now() - started) });
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
 * No page scrolls sideways (issue 29: a sweep at 390 px finds no page wider than the screen): the document is no
 * wider than the viewport; a wide table scrolls inside its own region (ui/table-scroll.tsx) instead. Reports the
 * overflow and the widest elements that stick out past the right edge.
 */
async function sidewaysScroll(page: Page, where: string, width: number): Promise<string[]> {
  const overflow = await page.evaluate((viewport) => {
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= viewport) return null;
    // An element inside a box that scrolls or clips sideways does not widen the page: those are not named.
    const isContained = (element: HTMLElement) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > viewport + 0.5)
      .filter((element) => !isContained(element))
      .map((element) => {
        const name = element.tagName.toLowerCase();
        const id = element.getAttribute('data-testid') ?? element.getAttribute('class')?.split(' ')[0] ?? '';
        return `${name}${id ? `[${id}]` : ''} to ${Math.round(element.getBoundingClientRect().right)} px`;
      })
      .slice(0, 5);
    return { scrollWidth, culprits };
  }, width);
  if (!overflow) return [];
  return [`${where}: the page scrolls sideways (${overflow.scrollWidth} px wide): ${overflow.culprits.join('; ')}`];
}

export interface SweepVariant {
  width: number;
  height: number;
  colorScheme: 'light' | 'dark';
}

/**
 * The widths and themes the sweep checks every screen at (issue 26): the default desktop size in the light theme and
 * a phone in the dark one, every rule at each. The two other corners were colour passes alone and cost half the
 * sweep; they add little: a theme changes only colours, every colour comes from a token (styles/tokens.test.ts) and
 * the token pairs are held to their contrast in both themes there, and an element shown at both widths is read in
 * both themes here.
 */
export const SWEEP_VARIANTS: readonly SweepVariant[] = [
  { width: 1280, height: 720, colorScheme: 'light' },
  { ...PHONE_VIEWPORT, colorScheme: 'dark' },
];

/**
 * Runs axe on the page at each of the variants (resized, themed, laid out, checked) and looks for sideways scroll;
 * returns one report per variant with a finding. The page is left at the last variant.
 */
export async function sweepReports(
  page: Page,
  label: string,
  variants: readonly SweepVariant[] = SWEEP_VARIANTS,
): Promise<string[]> {
  const reports: string[] = [];
  for (const { width, height, colorScheme } of variants) {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme });
    await settle(page);
    reports.push(...(await sidewaysScroll(page, `${label} at ${width} px`, width)));
    reports.push(...(await audit(page, `${label} at ${width} px, ${colorScheme}`)));
  }
  return reports;
}

/**
 * Fails on any critical or serious axe violation on the page as it is (its width and theme), or in its open modal
 * dialog. Journeys call it at a state only they open (a dialog, an error, an expanded row): the screens themselves
 * are swept at both widths, one in each theme, by accessibility.spec.ts.
 */
export async function expectAccessible(page: Page, label?: string): Promise<void> {
  const name = label ?? new URL(page.url()).pathname;
  const reports = await audit(page, `${name} at ${page.viewportSize()?.width ?? 'its'} px`);
  expect(reports, `critical or serious accessibility violations (axe) on ${name}`).toEqual([]);
}
