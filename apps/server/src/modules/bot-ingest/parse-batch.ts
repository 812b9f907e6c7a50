import type { IngestResult } from '@guildhall/contract';
import type { z } from 'zod';

/** One item the contract refused: its place in the batch, its id when it had a readable one, and why. */
export type RejectedItem = IngestResult['rejected'][number];

/** The first message of each field (dotted path), or '_' for an issue on the item as a whole. */
function errorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** Parses each item on its own: one bad item is reported and the others still go in. */
export function parseBatch<S extends z.ZodType>(schema: S, items: readonly unknown[]) {
  const valid: z.infer<S>[] = [];
  const rejected: RejectedItem[] = [];
  items.forEach((item, index) => {
    const parsed = schema.safeParse(item);
    if (parsed.success) {
      valid.push(parsed.data);
      return;
    }
    const rawId = item !== null && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
    rejected.push({ index, id: typeof rawId === 'string' ? rawId : null, errors: errorsOf(parsed.error) });
  });
  return { valid, rejected };
}
