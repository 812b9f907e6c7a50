import { serviceNotReachable, serviceTimedOut } from '@guildhall/contract';

/** A call to an outside service that never got an answer: refused, unresolvable, reset or timed out. */
export class ServiceUnreachableError extends Error {
  override name = 'ServiceUnreachableError';
}

/**
 * fetch() for an outside service: a failed connection says which service at which address (undici's own
 * "fetch failed" reaches no screen), and a timeout says how long it waited.
 */
export async function fetchService(service: string, url: string, init: RequestInit & { timeoutMs: number }): Promise<Response> {
  const { timeoutMs, signal, ...rest } = init;
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    return await fetch(url, { ...rest, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timeout.aborted) throw new ServiceUnreachableError(serviceTimedOut(service, timeoutMs), { cause: error });
    throw new ServiceUnreachableError(serviceNotReachable(service, new URL(url).origin), { cause: error });
  }
}
