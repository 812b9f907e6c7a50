import type { IngestResult } from '@guildhall/contract';
import type { z } from 'zod';
import { fieldNameOf, findUnsafeValue, unsafeValueMessage } from '../../http/text-hygiene';

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

/** The item's own id when it has a readable one (never one holding NUL, which the answer could not carry back). */
function idOf(item: unknown): string | null {
  const rawId = item !== null && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
  return typeof rawId === 'string' && !rawId.includes('\u0000') ? rawId : null;
}

/**
 * Parses each item on its own: one bad item is reported and the others still go in. The text rules of every
 * request (no NUL, bounded nesting) are checked here per item, before the schema, so a NUL or a turn nested 10,000
 * deep rejects its own item only, and nothing deeper than the bound reaches the schema or PostgreSQL. `check` refuses
 * a parsed item the schema alone cannot judge (field → message), or takes it (null).
 */
export function parseBatch<S extends z.ZodType>(
  schema: S,
  items: readonly unknown[],
  check: (item: z.infer<S>) => Record<string, string> | null = () => null,
) {
  const valid: z.infer<S>[] = [];
  const rejected: RejectedItem[] = [];
  items.forEach((item, index) => {
    const unsafe = findUnsafeValue(item);
    if (unsafe) {
      const field = fieldNameOf(unsafe.path, '_');
      const message = unsafeValueMessage(unsafe, fieldNameOf(unsafe.path, 'The item'));
      rejected.push({ index, id: idOf(item), errors: { [field]: message } });
      return;
    }
    const parsed = schema.safeParse(item);
    if (parsed.success) {
      const errors = check(parsed.data);
      if (errors) rejected.push({ index, id: idOf(item), errors });
      else valid.push(parsed.data);
      return;
    }
    rejected.push({ index, id: idOf(item), errors: errorsOf(parsed.error) });
  });
  return { valid, rejected };
}
