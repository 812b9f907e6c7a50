// `npm test`: every stage in order, each timed against its budget (issue 26). A stage over its budget is
// warned about, never failed: the figure is for the next engineer to act on, and a loaded machine runs slow.
import { spawnSync } from 'node:child_process';

/** The stages and their budgets in seconds on the 2-core CI machine (the README's Tests section). */
const STAGES = [
  { name: 'services', command: 'node scripts/test-services.mjs', budget: 60 },
  { name: 'typecheck', command: 'npm run typecheck', budget: 120 },
  { name: 'lint', command: 'npm run lint', budget: 30 },
  { name: 'unit', command: 'npm run test:unit', budget: 60 },
  { name: 'integration', command: 'npx vitest run --project integration', budget: 360 },
  { name: 'build', command: 'npm run build', budget: 90 },
  { name: 'browser journeys', command: 'npx playwright test', budget: 600 },
];

const results = [];
for (const stage of STAGES) {
  console.log(`\n== ${stage.name}: ${stage.command}`);
  const started = Date.now();
  const run = spawnSync(stage.command, { shell: true, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  results.push({ ...stage, seconds });
  const over = seconds > stage.budget ? ` (WARNING: over its budget of ${stage.budget} s)` : '';
  console.log(`== ${stage.name} took ${seconds} s${over}`);
  if (run.status !== 0) {
    report();
    console.error(`== ${stage.name} failed`);
    process.exit(run.status ?? 1);
  }
}
report();

/** The stages run so far, one line each, with the budget beside the time. */
function report() {
  console.log('\n== stage times');
  for (const { name, seconds, budget } of results) {
    console.log(`  ${name.padEnd(18)} ${String(seconds).padStart(5)} s  budget ${budget} s${seconds > budget ? '  OVER' : ''}`);
  }
  const total = results.reduce((sum, { seconds }) => sum + seconds, 0);
  console.log(`  ${'total'.padEnd(18)} ${String(total).padStart(5)} s`);
}
