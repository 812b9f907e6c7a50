import { TEST_INFLUX_URL } from './test-app';

// The test files' own InfluxDB set-up, straight over InfluxDB's HTTP API as the bot writes: a database made and
// known before the first write, and line protocol written. Under a loaded full run a write sent right after an
// unchecked CREATE DATABASE once answered 404 (database not found): the create is now checked and awaited.

/** Creates the database (idempotent in InfluxDB 1.x) and waits until InfluxDB lists it. */
export async function createInfluxDatabase(name: string): Promise<void> {
  const answer = await fetch(`${TEST_INFLUX_URL}/query?${new URLSearchParams({ q: `CREATE DATABASE "${name}"` })}`, {
    method: 'POST',
  });
  const body = await answer.text();
  if (!answer.ok || body.includes('"error"')) throw new Error(`CREATE DATABASE ${name} failed: ${answer.status} ${body}`);
  const deadline = Date.now() + 10_000;
  while (!(await listsDatabase(name))) {
    if (Date.now() > deadline) throw new Error(`InfluxDB does not list ${name} after creating it`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function listsDatabase(name: string): Promise<boolean> {
  const answer = await fetch(`${TEST_INFLUX_URL}/query?${new URLSearchParams({ q: 'SHOW DATABASES' })}`);
  const { results } = (await answer.json()) as { results: { series?: { values?: string[][] }[] }[] };
  return (results[0]?.series?.[0]?.values ?? []).some(([database]) => database === name);
}

/** Writes line protocol (times in ms) to the database; throws with InfluxDB's answer unless it took every line. */
export async function writeInfluxLines(database: string, lines: readonly string[]): Promise<void> {
  const answer = await fetch(`${TEST_INFLUX_URL}/write?db=${encodeURIComponent(database)}&precision=ms`, {
    method: 'POST',
    body: lines.join('\n'),
  });
  if (answer.status !== 204) throw new Error(`write to ${database} failed: ${answer.status} ${await answer.text()}`);
}
