import { SERVER_MESSAGES } from '@guildhall/contract';
import { vi } from 'vitest';

// The server as the two-factor component tests meet it (imported by tests only).

/** One answer: a status and a JSON body. */
export type FakeAnswer = { status: number; body: unknown };

/** The refusal of a wrong current password, as the server words it. */
export const WRONG_PASSWORD: FakeAnswer = {
  status: 400,
  body: { success: false, error: 'x', code: 'VALIDATION_FAILED', fields: { password: SERVER_MESSAGES.currentPasswordIncorrect } },
};

/**
 * Stubs fetch with a server that answers each call from the answers queued for its method and path, else from
 * `reads` (answered every time, read when asked), else 404; every call is recorded. vi.unstubAllGlobals undoes it.
 */
export function fakeServer(reads: Record<string, () => FakeAnswer> = {}) {
  const queued: Record<string, FakeAnswer[]> = {};
  const calls: { route: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const route = `${init.method} ${url}`;
      calls.push({ route, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const reply = queued[route]?.shift() ?? reads[route]?.() ?? { status: 404, body: { success: false, error: 'not here' } };
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return {
    calls,
    /** Queues the answers of the next calls to this route ('POST /api/…'). */
    answer: (route: string, ...replies: FakeAnswer[]) => {
      queued[route] = replies;
    },
    /** The calls that write, without the reads a page makes by itself. */
    writes: () => calls.filter((call) => !call.route.startsWith('GET ')),
  };
}
