import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The server's floors (issue 27, ARCHITECTURE.md): a file imports only from its own floor or below, and no two
// modules import each other, directly or round a longer circle.

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
