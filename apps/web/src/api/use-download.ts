import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { saveBlob } from '../ui/save-blob';
import { useToast } from '../ui/toast-context';
import { errorMessage } from './api-error';
import { apiDownload, type QueryParams, type TransferProgress } from './client';

/** One download to run: where from, and what to call the file when the server names none. */
export interface DownloadRequest {
  path: string;
  query?: QueryParams;
  /** A JSON body, sent with POST. */
  body?: unknown;
  fallbackFilename: string;
}

/**
 * Streams a file from the API, counting bytes as they arrive, then saves it. A failure toasts the
 * server's error, else `failureMessage` (or hands it to `onError`, for a screen that shows it in place). Leaving the page cancels a running download.
 */
export function useDownload(failureMessage: string, options: { onError?: (message: string) => void } = {}) {
  const toast = useToast();
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const mutation = useMutation({
    mutationFn: async ({ path, query, body, fallbackFilename }: DownloadRequest) => {
      const controller = new AbortController();
      controllerRef.current = controller;
      setProgress({ received: 0, total: null });
      const file = await apiDownload(path, { query, body, signal: controller.signal, onProgress: setProgress });
      const filename = file.filename ?? fallbackFilename;
      saveBlob(file.blob, filename);
      return { filename, size: file.blob.size };
    },
    onError: (error) => {
      if (controllerRef.current?.signal.aborted) return;
      const message = errorMessage(error, failureMessage);
      if (options.onError) options.onError(message);
      else toast.error(message);
    },
    onSettled: () => {
      controllerRef.current = null;
      setProgress(null);
    },
  });

  return {
    start: mutation.mutate,
    cancel: () => controllerRef.current?.abort(),
    isRunning: mutation.isPending,
    progress,
    /** Which request is running, to tell several download buttons apart. */
    running: mutation.isPending ? mutation.variables : undefined,
  };
}
