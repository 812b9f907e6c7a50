// Fails the web build when a sign-in page loads more than the budget before its first paint.
// Usage: node scripts/check-bundle-budget.mjs [--files]   (after `vite build`; --files lists every file)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstPaintFiles } from './lib/bundle-budget.mjs';

/** web.dev's critical-path budget, in bytes (170,000, not 170 KiB: the stricter reading). */
const BUDGET_BYTES = 170_000;

/** Each budgeted route and the lazy page modules it must load before it can paint (keys of Vite's manifest). */
const ROUTES = [
  { path: '/login', lazyModules: ['src/features/sign-in/sign-in-page.tsx'] },
  { path: '/admin/login', lazyModules: ['src/features/admin-login/admin-login-page.tsx'] },
];

const distDir = path.resolve(import.meta.dirname, '../apps/web/dist');
const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
const showFiles = process.argv.includes('--files');

const gzipSizes = new Map();
/**
 * Gzip size at zlib's default level (what a server compressing on the fly sends), each file on its own as the
 * browser fetches it. Vite's own table comes from rolldown's compressor and reads about 1% higher.
 */
function gzipSize(file) {
  if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSync(readFileSync(path.join(distDir, file))).length);
  return gzipSizes.get(file);
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const row = (cells, widths) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
const widths = [14, 6, 10, 10, 10, 10, 6];

console.log(`\nFirst-paint set per route (gzip, budget ${kB(BUDGET_BYTES)} = ${BUDGET_BYTES.toLocaleString('en')} bytes)`);
console.log(row(['route', 'files', 'JS', 'CSS', 'total', 'headroom', ''], widths));
const failed = [];
const details = [];
for (const route of ROUTES) {
  const files = firstPaintFiles({ html, manifest, lazyModules: route.lazyModules }).map((file) => ({
    file,
    bytes: gzipSize(file),
  }));
  const sum = (list) => list.reduce((total, { bytes }) => total + bytes, 0);
  const js = sum(files.filter(({ file }) => file.endsWith('.js')));
  const css = sum(files.filter(({ file }) => file.endsWith('.css')));
  const total = sum(files);
  const isOver = total > BUDGET_BYTES;
  if (isOver) failed.push(route.path);
  console.log(
    row([route.path, String(files.length), kB(js), kB(css), kB(total), kB(BUDGET_BYTES - total), isOver ? 'OVER' : 'ok'], widths),
  );
  if (isOver || showFiles) details.push({ route, files });
}

for (const { route, files } of details) {
  console.log(`\n${route.path}:`);
  for (const { file, bytes } of files.toSorted((a, b) => b.bytes - a.bytes)) console.log(`  ${kB(bytes).padStart(9)}  ${file}`);
}

if (failed.length > 0) {
  console.error(`\nOver the first-paint budget: ${failed.join(', ')}. Load what these pages do not need lazily.`);
  process.exit(1);
}
