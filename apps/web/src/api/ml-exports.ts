import { type ExportProgress, type ExportRecord, mlApi, TRAINING_DATA_MESSAGES, trainingDataApi } from '@guildhall/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from './api-error';
import { callEndpoint, type EndpointBody, type EndpointResponse } from './endpoint';

/** The export request as the panel sends it (spec 2 §3); empty fields are left out. */
export type DatasetExportBody = EndpointBody<typeof trainingDataApi.export>;
export type DatasetExportAnswer = EndpointResponse<typeof trainingDataApi.export>;

export const mlExportKeys = {
  all: ['ml-exports'] as const,
};

type ExportList = EndpointResponse<typeof mlApi.exports>;

/**
 * The exports the server keeps, newest first. A running export's progress arrives over /admin
 * (applyExportProgress); the list is also read again every 5 s meanwhile, for a dropped connection.
 */
export function useMlExports(isRunning: boolean) {
  return useQuery({
    queryKey: mlExportKeys.all,
    queryFn: ({ signal }) => callEndpoint(mlApi.exports, { signal }),
    refetchInterval: (query) =>
      isRunning || query.state.data?.exports.some((item: ExportRecord) => item.status === 'running') ? 5000 : false,
  });
}

/** Puts a pushed progress (ml:export-progress) into the cached list; the list is read again once the export ends. */
export function applyExportProgress(queryClient: QueryClient, progress: ExportProgress) {
  if (progress.done) {
    void queryClient.invalidateQueries({ queryKey: mlExportKeys.all });
    return;
  }
  const known = queryClient.getQueryData<ExportList>(mlExportKeys.all)?.exports.some((e) => e.id === progress.exportId);
  if (!known) {
    void queryClient.invalidateQueries({ queryKey: mlExportKeys.all });
    return;
  }
  queryClient.setQueryData<ExportList>(mlExportKeys.all, (list) =>
    list
      ? {
          ...list,
          exports: list.exports.map((item) =>
            item.id === progress.exportId ? { ...item, rowCount: progress.written, total: progress.total } : item,
          ),
        }
      : list,
  );
}

/** Writes an export; the list is refreshed when it ends, either way. */
export function useDatasetExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DatasetExportBody) => callEndpoint(trainingDataApi.export, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mlExportKeys.all }),
  });
}

/** The server's error, or "Export failed" (spec 2 §8). */
export const exportErrorMessage = (error: unknown) => errorMessage(error, TRAINING_DATA_MESSAGES.exportFailed);

/** Where one file of an export downloads from: its path is `<exportId>/<file inside the export>`. */
export function exportFileUrl(path: string): string {
  const [exportId, ...rest] = path.split('/');
  return `/api/admin/ml/exports/${exportId}/files/${rest.map(encodeURIComponent).join('/')}`;
}
