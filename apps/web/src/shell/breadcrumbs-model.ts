/** One step of the header breadcrumbs. */
export interface Crumb {
  label: string;
  path: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * 'training-data' → 'Training Data': dashes become spaces, each word capitalised (spec 2 §2).
 * A record id is no words: it shows as its first eight characters.
 */
export function segmentLabel(segment: string): string {
  if (UUID.test(segment)) return `${segment.slice(0, 8)}…`;
  return decodeURIComponent(segment)
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * The breadcrumbs of a path, one per segment, each linking to the path up to it. A path the page named
 * (a record's own path, named after the record) shows that name instead of its segment.
 */
export function buildBreadcrumbs(pathname: string, names: ReadonlyMap<string, string> = new Map()): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  return segments.map((segment, index) => {
    const path = `/${segments.slice(0, index + 1).join('/')}`;
    return { label: names.get(path) ?? segmentLabel(segment), path };
  });
}
