// `npm test`: every stage, each timed against its budget (issue 26). A stage over its budget is warned about, never
// failed: the figure is for the next engineer to act on, and a loaded machine runs slow.
import { spawn } from 'node:child_process';

/** The stages and their budgets in seconds on the 2-core CI machine (the README's Tests section). */
const STAGES = {
  services: { command: 'node scripts/test-services.mjs', budget: 60 },
  typecheck: { command: 'npm run typecheck', budget: 120 },
  lint: { command: 'npm run lint', budget: 30 },
  unit: { command: 'npm run test:unit', budget: 60 },
  integration: { command: 'npx vitest run --project integration', budget: 360 },
  build: { command: 'npm run build', budget: 90 },
  'browser journeys': { command: 'npx playwright test', budget: 600 },
};

/**
 * The order: each step's lanes run side by side, the stages of a lane one after another. The typecheck is one
 * thread for a minute, so lint, the unit tests and the build share the second core meanwhile; the integration
 * tests and the journeys each need both cores, and run alone.
 */
const STEPS = [[['services']], [['typecheck'], ['lint', 'unit', 'build']], [['integration']], [['browser journeys']]];

const results = [];
const started = Date.now();
for (const lanes of STEPS) {
  const outcomes = await Promise.all(lanes.map((lane) => runLane(lane, lanes.length > 1)));
  if (outcomes.some((isPassed) => !isPassed)) {
    report();
    process.exit(1);
  }
}
report();

/** Runs a lane's stages in order; false at the first that fails. */
async function runLane(lane, isShared) {
  for (const name of lane) {
    if (!(await runStage(name, isShared))) return false;
  }
  return true;
}

/**
 * Runs one stage. A stage that shares its step with another keeps its output until it ends and prints it in one
 * piece, so the log reads stage by stage.
 */
function runStage(name, isShared) {
  const { command, budget } = STAGES[name];
  const stageStarted = Date.now();
  if (!isShared) console.log(`\n== ${name}: ${command}`);
  const child = spawn(command, { shell: true, stdio: isShared ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - stageStarted) / 1000);
      if (isShared) {
        console.log(`\n== ${name}: ${command}`);
        process.stdout.write(Buffer.concat(output));
      }
      results.push({ name, budget, seconds });
      const over = seconds > budget ? ` (WARNING: over its budget of ${budget} s)` : '';
      console.log(`== ${name} took ${seconds} s${over}`);
      if (code !== 0) console.error(`== ${name} failed`);
      resolve(code === 0);
    });
  });
}

/** The stages run so far, one line each, with the budget beside the time, and the wall time of the whole. */
function report() {
  console.log('\n== stage times (typecheck beside lint, unit and build)');
  for (const { name, seconds, budget } of results) {
    console.log(`  ${name.padEnd(18)} ${String(seconds).padStart(5)} s  budget ${budget} s${seconds > budget ? '  OVER' : ''}`);
  }
  console.log(`  ${'total'.padEnd(18)} ${String(Math.round((Date.now() - started) / 1000)).padStart(5)} s`);
}
