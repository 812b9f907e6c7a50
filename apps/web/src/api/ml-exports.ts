import { type ExportRecord, mlApi, TRAINING_DATA_MESSAGES, trainingDataApi } from '@guildhall/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from './api-error';
import { callEndpoint, type EndpointBody, type EndpointResponse } from './endpoint';

/** The export request as the panel sends it (spec 2 §3); empty fields are left out. */
export type DatasetExportBody = EndpointBody<typeof trainingDataApi.export>;
export type DatasetExportAnswer = EndpointResponse<typeof trainingDataApi.export>;

export const mlExportKeys = {
  all: ['ml-exports'] as const,
};

/** The exports the server keeps, newest first; polled every second while one is running (its progress). */
export function useMlExports(isRunning: boolean) {
  return useQuery({
    queryKey: mlExportKeys.all,
    queryFn: ({ signal }) => callEndpoint(mlApi.exports, { signal }),
    refetchInterval: (query) =>
      isRunning || query.state.data?.exports.some((item: ExportRecord) => item.status === 'running') ? 1000 : false,
  });
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
