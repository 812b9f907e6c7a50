import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The server's floors (issue 27, ARCHITECTURE.md): a file imports only from its own floor or below, and no two
// modules import each other, directly or round a longer circle. And the module template: a module's SQL lives in
// its *queries.ts files.

const SOURCE = import.meta.dirname;

/** The floors, lowest first; a file's floor is the first whose test its path (from src/) passes. */
const FLOORS: { name: string; holds: (file: string) => boolean }[] = [
  { name: 'config', holds: (file) => file === 'config.ts' || file.startsWith('config/') },
  // The ground floor every module stands on (the event bus, the audit recorder, the error type so far).
  { name: 'core', holds: (file) => file.startsWith('core/') },
  { name: 'services/http', holds: (file) => file.startsWith('services/') || file.startsWith('http/') || file === 'logger.ts' },
  { name: 'auth', holds: (file) => file.startsWith('auth/') },
  { name: 'modules', holds: (file) => file.startsWith('modules/') },
  { name: 'jobs', holds: (file) => file.startsWith('jobs/') },
  { name: 'live', holds: (file) => file.startsWith('live/') },
  { name: 'app', holds: () => true },
];

const floorOf = (file: string) => FLOORS.findIndex((floor) => floor.holds(file));
const moduleOf = (file: string) => (file.startsWith('modules/') ? file.split('/')[1]! : null);
const withoutExtension = (file: string) => file.replace(/\.ts$/, '');

/** Every source file under src/, tests left out, as paths from src/. */
function sourceFiles(dir = SOURCE): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    return [path.relative(SOURCE, full)];
  });
}

/** The files under src/ a file imports (static, re-exports and dynamic imports; type-only ones count too). */
function importsOf(file: string, known: Set<string>): string[] {
  const text = readFileSync(path.join(SOURCE, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.[^']+)'/g)].map((match) => match[1]!);
  return specifiers
    .map((specifier) => path.normalize(path.join(path.dirname(file), specifier)))
    .map((target) => (known.has(`${target}.ts`) ? `${target}.ts` : `${target}/index.ts`))
    .filter((target) => known.has(target));
}

/** The circles of a directed graph: its strongly connected components of more than one node (Tarjan). */
function circlesOf(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) circles.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return circles;
}

describe('the server floors', () => {
  const files = sourceFiles();
  const known = new Set(files);
  const edges = files.flatMap((from) => importsOf(from, known).map((to) => ({ from, to })));

  it('finds the imports it judges', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(edges.length).toBeGreaterThan(1000);
  });

  it('has no import running up a floor', () => {
    const upward = edges
      .filter(({ from, to }) => floorOf(to) > floorOf(from))
      .map(({ from, to }) => `${withoutExtension(from)} → ${withoutExtension(to)}`);
    expect(upward, 'imports running up a floor').toEqual([]);
  });

  it('has no circle between modules', () => {
    const graph = new Map<string, Set<string>>();
    for (const { from, to } of edges) {
      const [a, b] = [moduleOf(from), moduleOf(to)];
      if (!a || !b || a === b) continue;
      graph.set(a, (graph.get(a) ?? new Set()).add(b));
    }
    const circles = circlesOf(graph).map((circle) => circle.join(' ↔ '));
    expect(circles, 'module circles').toEqual([]);
  });
});

/** A call to the database, or a PostgreSQL statement written out (comments left aside: prose may name SELECT). */
const HOLDS_SQL = /\.query\s*(?:<[^>]*>)?\(|\bSELECT\b[^;`']*?\bFROM\b|\bINSERT INTO\b|\bUPDATE\s+\w+\s+SET\b|\bDELETE FROM\b/;
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** Module files that write statements outside a queries file, and why they must. */
const SQL_ELSEWHERE: Record<string, string> = {
  // The PostgreSQL manager works on any table of the catalogue (identifiers looked up, then quoted) and runs the
  // admin's own statement: the statement is built where the cursor, COPY or session that runs it is held.
  'modules/database-manager/query-session.ts': "the SQL runner's session: the admin's statement, its cursor",
  'modules/database-manager/read-table-rows.ts': 'keyset pages of any table of the catalogue',
  'modules/database-manager/export-table.ts': 'exports of any table of the catalogue, COPY or keyset batches',
  'modules/database-manager/copy-export.ts': 'COPY TO STDOUT on a connection of its own',
  'modules/data-sources/stage-loot-export.ts': "COPY FROM STDIN of an upload's lines into the staging table",
  // Raw data views: the statement of a view is written from the contract's description; queries.ts runs it.
  'modules/raw-data/build-query.ts': "a view's statement from the contract's description",
  'modules/raw-data/sources.ts': "each view's FROM clause and keys",
  // Not PostgreSQL: the guild dump writes INSERT text into a file, and these speak InfluxQL or Flux to InfluxDB.
  'modules/guild-data/guild-files.ts': "the dump's INSERT lines, written to the file, never run",
  'modules/guild-data/combat-logs.ts': 'InfluxQL',
  'modules/metrics/influx-history.ts': 'InfluxQL',
};
const speaksInflux = (file: string) => file.startsWith('modules/influx-manager/');

describe('the module template', () => {
  const moduleFiles = sourceFiles().filter((file) => file.startsWith('modules/'));

  it("keeps a module's SQL in its queries files", () => {
    const elsewhere = moduleFiles
      .filter((file) => !file.endsWith('queries.ts') && !(file in SQL_ELSEWHERE) && !speaksInflux(file))
      .filter((file) => HOLDS_SQL.test(withoutComments(readFileSync(path.join(SOURCE, file), 'utf8'))));
    expect(elsewhere, 'SQL outside a queries file').toEqual([]);
  });

  it('lists only exceptions that still hold SQL', () => {
    const stale = Object.keys(SQL_ELSEWHERE).filter(
      (file) => !moduleFiles.includes(file) || !HOLDS_SQL.test(withoutComments(readFileSync(path.join(SOURCE, file), 'utf8'))),
    );
    expect(stale, 'exceptions to drop').toEqual([]);
  });
});
