import { describe, expect, it } from 'vitest';
import { chunkClosure, entryKey, firstPaintFiles, htmlFirstPaintFiles } from './bundle-budget.mjs';

const html = `<!doctype html>
<html>
  <head>
    <link rel="icon" href="data:image/svg+xml,%3Csvg%3E" />
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B.js">
    <link rel="modulepreload" crossorigin href="/assets/data-C.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D.css">
    <link rel="preconnect" href="https://fonts.example">
    <script src="/legacy.js"></script>
  </head>
</html>`;

/** A manifest as Vite writes it: the HTML entry, shared chunks (keys with _) and lazy pages with their CSS. */
const manifest = {
  'index.html': {
    file: 'assets/index-A.js',
    isEntry: true,
    imports: ['_react-B.js', '_data-C.js'],
    dynamicImports: ['src/pages/sign-in.tsx', 'src/pages/console.tsx'],
    css: ['assets/index-D.css'],
  },
  '_react-B.js': { file: 'assets/react-B.js' },
  '_data-C.js': { file: 'assets/data-C.js', imports: ['_react-B.js'] },
  '_form-E.js': { file: 'assets/form-E.js', imports: ['_data-C.js', '_field-F.js'], css: ['assets/form-E.css'] },
  '_field-F.js': { file: 'assets/field-F.js', imports: ['_form-E.js'] },
  'src/pages/sign-in.tsx': { file: 'assets/sign-in-G.js', isDynamicEntry: true, imports: ['_form-E.js', 'index.html'] },
  'src/pages/console.tsx': { file: 'assets/console-H.js', isDynamicEntry: true, imports: ['_live-I.js'] },
  '_live-I.js': { file: 'assets/live-I.js' },
};

describe('htmlFirstPaintFiles', () => {
  it('takes the module script, the modulepreload links and the stylesheets, relative to dist', () => {
    expect(htmlFirstPaintFiles(html)).toEqual([
      'assets/index-A.js',
      'assets/react-B.js',
      'assets/data-C.js',
      'assets/index-D.css',
    ]);
  });
});

describe('chunkClosure', () => {
  it('follows static imports (through cycles) with their CSS, not dynamic imports', () => {
    expect([...chunkClosure(manifest, 'src/pages/sign-in.tsx')].sort()).toEqual([
      'assets/data-C.js',
      'assets/field-F.js',
      'assets/form-E.css',
      'assets/form-E.js',
      'assets/index-A.js',
      'assets/index-D.css',
      'assets/react-B.js',
      'assets/sign-in-G.js',
    ]);
  });

  it('names a key missing from the manifest', () => {
    expect(() => chunkClosure(manifest, 'src/pages/gone.tsx')).toThrow('src/pages/gone.tsx is not in the Vite manifest');
  });
});

describe('entryKey', () => {
  it('is the HTML entry', () => {
    expect(entryKey(manifest)).toBe('index.html');
    expect(() => entryKey({ 'main.js': { file: 'main.js', isEntry: true } })).toThrow('no HTML entry');
  });
});

describe('firstPaintFiles', () => {
  it('is what index.html loads plus the lazy page and its imports, once each, without other lazy chunks', () => {
    const files = firstPaintFiles({ html, manifest, lazyModules: ['src/pages/sign-in.tsx'] });
    expect(files).toEqual([...new Set(files)].sort());
    expect(files).toContain('assets/sign-in-G.js');
    expect(files).toContain('assets/form-E.css');
    expect(files).not.toContain('assets/console-H.js');
    expect(files).not.toContain('assets/live-I.js');
    expect(files).toHaveLength(8);
  });

  it('counts a file index.html loads even when the manifest misses it', () => {
    const files = firstPaintFiles({
      html: html.replace('data-C.js">', 'data-C.js">\n<link rel="modulepreload" href="/assets/extra.js">'),
      manifest,
      lazyModules: [],
    });
    expect(files).toContain('assets/extra.js');
  });
});
