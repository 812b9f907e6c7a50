import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { AXE_PASS_ANNOTATION } from './accessibility';

/** How many of the slowest journeys the run names at its end. */
const SHOWN = 10;

/**
 * Names the run's slowest journeys at its end, with their time, so a journey that grows slow shows in every CI log
 * (issue 26: the browser journeys' budget is 10 minutes).
 */
export default class SlowestReporter implements Reporter {
  private readonly durations: { title: string; ms: number }[] = [];
  private readonly axe = { passes: 0, ms: 0 };

  onTestEnd(test: TestCase, result: TestResult) {
    this.durations.push({ title: `${test.location.file.split('/').pop()} › ${test.title}`, ms: result.duration });
    for (const { type, description } of result.annotations) {
      if (type !== AXE_PASS_ANNOTATION) continue;
      this.axe.passes += 1;
      this.axe.ms += Number(description);
    }
  }

  onEnd(result: FullResult) {
    const slowest = [...this.durations].sort((a, b) => b.ms - a.ms).slice(0, SHOWN);
    const total = this.durations.reduce((sum, { ms }) => sum + ms, 0);
    console.log(
      `\nThe ${slowest.length} slowest of ${this.durations.length} journeys (${(total / 1000).toFixed(0)} s of journeys, ${(result.duration / 1000).toFixed(0)} s in all):`,
    );
    for (const { title, ms } of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${title}`);
    console.log(`Accessibility: ${this.axe.passes} axe passes took ${(this.axe.ms / 1000).toFixed(0)} s of the journeys.`);
  }

  printsToStdio() {
    return false;
  }
}
