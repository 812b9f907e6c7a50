import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/**
 * Client errors (4xx) and a 503 are answers, not hiccups: a 503 is the server saying a service is down, and its
 * message belongs on the screen at once. Retry only network failures and unexpected server errors.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && ((error.status >= 400 && error.status < 500) || error.status === 503)) return false;
  return failureCount < 2;
}

/** The app's one query client. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
