// What a route of the built web app loads before its first paint, from dist/index.html and Vite's manifest.

/** The files index.html loads at once: the entry script, its modulepreload links and its stylesheets. */
export function htmlFirstPaintFiles(html) {
  const files = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attribute = (name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i'))?.[1];
    const isScript = /^<script/i.test(tag) && attribute('type') === 'module' && attribute('src');
    const rel = attribute('rel')?.toLowerCase();
    const isLink = /^<link/i.test(tag) && (rel === 'modulepreload' || rel === 'stylesheet') && attribute('href');
    if (isScript) files.push(attribute('src'));
    else if (isLink) files.push(attribute('href'));
  }
  // Asset URLs are absolute from the site root; manifest files are relative to dist.
  return files.filter((url) => !/^[a-z]+:|^\/\//i.test(url)).map((url) => url.replace(/^\//, ''));
}

/**
 * A manifest chunk's file, the files of every chunk it imports statically (what Vite preloads with it) and
 * their CSS. Throws when the key is not in the manifest, so a renamed page cannot silently leave the check.
 */
export function chunkClosure(manifest, key) {
  if (!manifest[key]) throw new Error(`${key} is not in the Vite manifest (was the page renamed or moved?)`);
  const files = new Set();
  const seen = new Set();
  const visit = (chunkKey) => {
    if (seen.has(chunkKey)) return;
    seen.add(chunkKey);
    const chunk = manifest[chunkKey];
    if (!chunk) throw new Error(`${chunkKey} is imported but not in the Vite manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

/** The manifest key of the HTML entry (index.html). */
export function entryKey(manifest) {
  const keys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const html = keys.find((key) => key.endsWith('.html'));
  if (!html) throw new Error(`The Vite manifest has no HTML entry (entries: ${keys.join(', ') || 'none'})`);
  return html;
}

/**
 * The first-paint set of a route, sorted: what index.html loads, the entry's closure in the manifest (the same
 * files; taking both keeps the check honest if they ever differ) and the closure of each lazy module the route
 * renders before it can paint (its page; React.lazy suspends until that chunk and its imports have loaded).
 */
export function firstPaintFiles({ html, manifest, lazyModules }) {
  const files = new Set(htmlFirstPaintFiles(html));
  for (const file of chunkClosure(manifest, entryKey(manifest))) files.add(file);
  for (const key of lazyModules) for (const file of chunkClosure(manifest, key)) files.add(file);
  return [...files].sort();
}
