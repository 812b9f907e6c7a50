// The app under measurement, in a process of its own so its memory is not mixed with the bench's:
// buildApp exactly as main.ts uses it, listening on a free port; it reports the port over IPC and
// samples its own RSS every 50 ms while the bench asks it to, and measures its own CPU time between two commands.
// BENCH_SAMPLE_MS, when set, is its metrics sampling interval (tests and benches shorten or stretch it).
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';

/** Messages the bench sends. */
export type BenchCommand =
  | { type: 'sample-start' }
  | { type: 'sample-stop' }
  | { type: 'cpu-start' }
  | { type: 'cpu-stop' }
  | { type: 'stop' };
/** Messages this process answers with. */
export type AppReport =
  | { type: 'ready'; port: number }
  | { type: 'sampled'; idleRss: number; peakRss: number; samples: number }
  | { type: 'cpu'; seconds: number; elapsedSeconds: number };

const SAMPLE_MS = 50;
const send = (report: AppReport) => process.send?.(report);

const config = loadConfig();
if (process.env.BENCH_SAMPLE_MS) config.metrics.sampleMs = Number(process.env.BENCH_SAMPLE_MS);
const app = await buildApp(config);
await app.listen({ host: '127.0.0.1', port: 0 });
send({ type: 'ready', port: (app.server.address() as AddressInfo).port });

let timer: NodeJS.Timeout | null = null;
let idleRss = 0;
let peakRss = 0;
let samples = 0;
let cpuBefore = process.cpuUsage();
let cpuStartedAt = performance.now();

process.on('message', async (command: BenchCommand) => {
  if (command.type === 'sample-start') {
    // A collected heap is the honest idle figure: what the process needs when nothing is running.
    globalThis.gc?.();
    idleRss = process.memoryUsage().rss;
    peakRss = idleRss;
    samples = 0;
    timer = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      samples++;
    }, SAMPLE_MS);
  } else if (command.type === 'sample-stop') {
    if (timer) clearInterval(timer);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    send({ type: 'sampled', idleRss, peakRss, samples });
  } else if (command.type === 'cpu-start') {
    cpuBefore = process.cpuUsage();
    cpuStartedAt = performance.now();
  } else if (command.type === 'cpu-stop') {
    const used = process.cpuUsage(cpuBefore);
    send({ type: 'cpu', seconds: (used.user + used.system) / 1e6, elapsedSeconds: (performance.now() - cpuStartedAt) / 1000 });
  } else if (command.type === 'stop') {
    await app.close();
    process.exit(0);
  }
});
