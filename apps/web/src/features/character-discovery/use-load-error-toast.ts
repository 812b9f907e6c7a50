import { useEffect } from 'react';
import { errorMessage } from '../../api/api-error';
import { useToast } from '../../ui/toast-context';

/** Toasts a failed load once per failure: the spec's message as the title, the server's reason under it. */
export function useLoadErrorToast(error: unknown, title: string) {
  const toast = useToast();
  useEffect(() => {
    if (error) toast.error(errorMessage(error, title), { title });
  }, [error, title, toast]);
}
