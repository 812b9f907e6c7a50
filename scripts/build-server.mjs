// Bundles the server (src/main.ts, src/cli.ts) into apps/server/dist with esbuild.
// Dependencies stay external (installed in node_modules); the contract is TypeScript source, so it is bundled.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
const outdir = path.join(serverDir, 'dist');
const readPackage = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));

const server = readPackage(serverDir);
const contract = readPackage(path.join(root, 'packages/contract'));
// The contract's own dependencies (zod) must stay external too: one zod instance for the app and the type provider.
const external = [
  ...Object.keys(server.dependencies ?? {}),
  ...Object.keys(server.devDependencies ?? {}),
  ...Object.keys(contract.dependencies ?? {}),
].filter((name) => name !== '@guildhall/contract');

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(serverDir, 'src/main.ts'), path.join(serverDir, 'src/cli.ts')],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  // Some dependencies still call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

const migrationsSrc = path.join(serverDir, 'src/services/db/migrations');
const migrationsOut = path.join(outdir, 'migrations');
mkdirSync(migrationsOut, { recursive: true });
const migrations = readdirSync(migrationsSrc).filter((file) => file.endsWith('.sql'));
for (const file of migrations) copyFileSync(path.join(migrationsSrc, file), path.join(migrationsOut, file));
console.log(`server built: ${path.relative(root, outdir)} (main.js, cli.js, ${migrations.length} migrations)`);
