import { z } from 'zod';

/** The page sizes every paged list offers (spec 2 §9's 10/25/50/100), so a list reads the same on every screen. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * A list's page size as its URL holds it (`?limit=50`): one of PAGE_SIZES, else the list's own default, which
 * stays out of the URL.
 */
export const pageSizeField = (fallback: (typeof PAGE_SIZES)[number]) =>
  z.coerce
    .number()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size))
    .default(fallback);

/** A list longer than the smallest page: its pager, and so its page sizes, are worth showing. */
export const isPagedList = (total: number) => total > PAGE_SIZES[0];
