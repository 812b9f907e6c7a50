// Requests/s of one URL under a fixed load, and the bare Fastify baseline it is compared with: an undici pool of
// keep-alive connections, each sending the next request when the last one answered (undici, not node:http, so the
// client is not what runs out first). Shared by healthz.ts and guild-list-load.ts.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { Pool } from 'undici';

/** Starts the bare Fastify hello world (support/hello-world-process.ts) and waits for its port. */
export function startHelloWorld(): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(path.join(import.meta.dirname, 'hello-world-process.ts'), [], { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', (ready: { port: number }) => resolve({ child, url: `http://127.0.0.1:${ready.port}/` }));
    child.once('exit', (code) => reject(new Error(`the hello world exited with ${code}`)));
  });
}

/** Requests/s of one round of `ms`; any answer but a 200 fails the bench, as it would measure something else. */
export async function requestsPerSecond(
  url: string,
  options: { connections: number; ms: number; headers?: Record<string, string> },
): Promise<number> {
  const { origin, pathname, search } = new URL(url);
  const pool = new Pool(origin, { connections: options.connections, pipelining: 1 });
  let answered = 0;
  const started = performance.now();
  const deadline = started + options.ms;
  try {
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (performance.now() < deadline) {
          const { statusCode, body } = await pool.request({
            path: `${pathname}${search}`,
            method: 'GET',
            headers: options.headers,
          });
          await body.dump();
          if (statusCode !== 200) throw new Error(`${url} answered ${statusCode}`);
          answered++;
        }
      }),
    );
  } finally {
    await pool.close();
  }
  return answered / ((performance.now() - started) / 1000);
}

/** The mean of some rates. */
export const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
