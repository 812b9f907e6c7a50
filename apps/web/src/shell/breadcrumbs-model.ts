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

/** The breadcrumbs of a path, one per segment, each linking to the path up to it. */
export function buildBreadcrumbs(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  return segments.map((segment, index) => ({
    label: segmentLabel(segment),
    path: `/${segments.slice(0, index + 1).join('/')}`,
  }));
}
