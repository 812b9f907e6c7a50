import { LOG_LEVELS, LOG_LIMITS, logFilter, logSearchBody } from '@guildhall/contract';
import { z } from 'zod';
import { pageSizeField } from '../../ui/page-size';
import { DEFAULT_TAIL_LEVEL } from './log-levels';

/** The live tail's filters as its URL holds them (`?level=warn&q=...`), as the stream takes them; `info` stays out. */
export const tailQuery = logFilter.pick({ q: true, requestId: true }).extend({
  level: z.enum(LOG_LEVELS).default(DEFAULT_TAIL_LEVEL),
});
/** The live tail's filters. */
export type TailQuery = z.output<typeof tailQuery>;

/**
 * The search asked, as its URL holds it: the range as instants (an alert links to its minute before, to the
 * millisecond), the filters, the page and the page size (one of the kit's, the call's `pageSize`). Without `from`
 * the search covers the last hour.
 */
export const searchQuery = logSearchBody
  .pick({ from: true, to: true, level: true, q: true, source: true, requestId: true })
  .extend({
    page: z.coerce.number().int().min(1).max(1000).default(1),
    limit: pageSizeField(LOG_LIMITS.searchPageSize),
  });
/** The search as the URL holds it. */
export type SearchQuery = z.output<typeof searchQuery>;
