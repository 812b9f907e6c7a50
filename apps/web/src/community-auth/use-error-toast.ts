import { useCallback } from 'react';
import { errorMessage, isSessionEnded } from '../api/api-error';
import { useToast } from '../ui/toast-context';

/**
 * Toasts a failed community call: the server's error, else the fallback. Silent when the call failed because
 * the session ended, which has already said 'Session expired. Please log in again.'
 */
export function useErrorToast(): (error: unknown, fallback?: string) => void {
  const toast = useToast();
  return useCallback(
    (error: unknown, fallback?: string) => {
      if (!isSessionEnded(error)) toast.error(errorMessage(error, fallback));
    },
    [toast],
  );
}
