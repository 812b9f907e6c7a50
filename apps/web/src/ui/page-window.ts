/** How many pages `total` items fill at `size` per page; at least 1 so an empty list still has page 1. */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * The page buttons to show: at most `buttons` consecutive pages around `current`, shifted
 * at the ends so the window stays full when there are enough pages.
 */
export function pageWindow(current: number, totalPages: number, buttons: number): number[] {
  const count = Math.min(buttons, Math.max(totalPages, 0));
  if (count === 0) return [];
  const page = Math.min(Math.max(current, 1), totalPages);
  const start = Math.min(Math.max(page - Math.floor(count / 2), 1), totalPages - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}

/** The 1-based range of items a page shows: 'Showing {from} to {to} of {total}'; 0 to 0 when empty. */
export function pageRange(page: number, size: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * size + 1, total);
  return { from, to: Math.min(page * size, total) };
}
