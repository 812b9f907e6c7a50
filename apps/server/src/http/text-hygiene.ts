import {
  hasLoneSurrogate,
  hasNulCharacter,
  MAX_NESTING_DEPTH,
  TEXT_RULE_MESSAGES,
  withoutLoneSurrogates,
} from '@guildhall/contract';
import fp from 'fastify-plugin';
import { AppError } from '../core/app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks the items of its body one by one (the bot's batches), so one bad item rejects only itself. */
    checksBodyItemsItself?: boolean;
  }
}

/** What breaks the text rules somewhere in a value: where, and which rule. */
export interface UnsafeValue {
  /** The path to the value ([] for the value itself); a key holding NUL is named by its own path. */
  path: (string | number)[];
  problem: 'nul' | 'surrogate' | 'depth';
}

/** Which text rule a text (a value or a key) breaks, if any. */
const textProblemOf = (text: string): UnsafeValue['problem'] | null =>
  hasNulCharacter(text) ? 'nul' : hasLoneSurrogate(text) ? 'surrogate' : null;

/**
 * The first NUL character or unpaired surrogate (in a text or an object's key) or the first nesting past maxDepth in a
 * parsed JSON value.
 * Walked with a stack of its own, so a value nested 10,000 deep is judged without deep recursion.
 */
export function findUnsafeValue(value: unknown, maxDepth = MAX_NESTING_DEPTH): UnsafeValue | null {
  const stack: { value: unknown; path: (string | number)[]; depth: number }[] = [{ value, path: [], depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (typeof next.value === 'string') {
      const problem = textProblemOf(next.value);
      if (problem) return { path: next.path, problem };
      continue;
    }
    if (next.value === null || typeof next.value !== 'object' || ArrayBuffer.isView(next.value)) continue;
    const depth = next.depth + 1;
    if (depth > maxDepth) return { path: next.path, problem: 'depth' };
    const entries: [string | number, unknown][] = Array.isArray(next.value)
      ? next.value.map((item, index) => [index, item])
      : Object.entries(next.value);
    // Pushed in reverse, so the first offending field in reading order is the one named.
    for (let at = entries.length - 1; at >= 0; at--) {
      const [key, item] = entries[at]!;
      const path = [...next.path, key];
      const keyProblem = typeof key === 'string' ? textProblemOf(key) : null;
      if (keyProblem) return { path, problem: keyProblem };
      stack.push({ value: item, path, depth });
    }
  }
  return null;
}

/** How a field is named in an answer: its dotted path, or the part of the request when it is the whole part. */
export const fieldNameOf = (path: readonly (string | number)[], whole: string) =>
  path.length === 0 ? whole : path.map((part) => withoutLoneSurrogates(String(part).replaceAll('\u0000', '\\0'))).join('.');

/** The contract's message for what findUnsafeValue found. */
export function unsafeValueMessage(found: UnsafeValue, field: string): string {
  if (found.problem === 'nul') return TEXT_RULE_MESSAGES.nulCharacter(field);
  if (found.problem === 'surrogate') return TEXT_RULE_MESSAGES.loneSurrogate(field);
  return TEXT_RULE_MESSAGES.tooDeep(field);
}

/**
 * Refuses, once for every route, a request whose params, query string or JSON body holds a NUL character (which
 * PostgreSQL cannot store: it answered 500), an unpaired surrogate (which its json refuses: 500 too) or nests past
 * MAX_NESTING_DEPTH: 400 naming the field. Headers need no check: Node's HTTP parser already refuses a NUL in one.
 */
export const textRules = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const parts: [string, unknown][] = [
        ['params', request.params],
        ['query', request.query],
      ];
      if (!request.routeOptions.config?.checksBodyItemsItself) parts.push(['body', request.body]);
      for (const [part, value] of parts) {
        const found = findUnsafeValue(value);
        if (!found) continue;
        const field = fieldNameOf(found.path, part);
        throw AppError.invalidField(field, unsafeValueMessage(found, field));
      }
    });
  },
  { name: 'text-rules' },
);

/**
 * The same rules for a live event's payload (sockets pass no HTTP hook): the contract's message naming the field
 * (`payload` when it is the whole payload), or null when the payload keeps them.
 */
export function unsafePayloadMessage(payload: unknown): string | null {
  const found = findUnsafeValue(payload);
  return found ? unsafeValueMessage(found, fieldNameOf(found.path, 'payload')) : null;
}
