import {
  mlApi,
  type SampleListQuery,
  type SampleType,
  TRAINING_DATA_LIMITS,
  TRAINING_DATA_MESSAGES,
  trainingDataApi,
} from '@guildhall/contract';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../ui/toast-context';
import { errorMessage } from './api-error';
import { callEndpoint, type EndpointBody } from './endpoint';

/** A date range as ISO times; either end may be open. */
export type IsoRange = {
  startDate?: string;
  endDate?: string;
};

/** The sample list's filters, sort, page and page size, as the screen keeps them in its URL. */
export type SampleListFilters = SampleListQuery;

/** Query keys of the training data screens. */
export const trainingDataKeys = {
  all: ['training-data'] as const,
  statistics: (range: IsoRange) => [...trainingDataKeys.all, 'statistics', range] as const,
  lists: () => [...trainingDataKeys.all, 'list'] as const,
  list: (type: SampleType, filters: SampleListFilters) => [...trainingDataKeys.lists(), type, filters] as const,
  sample: (type: SampleType, id: string) => [...trainingDataKeys.all, 'sample', type, id] as const,
  queue: (skip: readonly string[], batch: number) => [...trainingDataKeys.all, 'queue', batch, skip] as const,
  analytics: (range: IsoRange) => [...trainingDataKeys.all, 'analytics', range] as const,
};

/** Spec 2 §3 training statistics between two dates (or over everything). */
export function useTrainingStatistics(range: IsoRange, isEnabled = true) {
  return useQuery({
    queryKey: trainingDataKeys.statistics(range),
    queryFn: ({ signal }) => callEndpoint(trainingDataApi.statistics, { query: range, signal }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}

/** One page of memory or intent samples, filtered and sorted by the server. */
export function useSampleList(type: SampleType, filters: SampleListFilters) {
  return useQuery({
    queryKey: trainingDataKeys.list(type, filters),
    queryFn: ({ signal }) =>
      callEndpoint(type === 'memory' ? trainingDataApi.memory : trainingDataApi.intent, {
        query: filters,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One sample with its feedback (the link from Agent Logs opens it). */
export function useSample(type: SampleType, id: string | null) {
  return useQuery({
    queryKey: trainingDataKeys.sample(type, id ?? ''),
    queryFn: ({ signal }) => callEndpoint(mlApi.sample, { params: { id: id ?? '' }, query: { type }, signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

/**
 * A batch of the review queue: unverified samples, oldest first, without the ones skipped this session. The batch
 * number asks for the next batch once the reviewer is through the current one.
 */
export function useReviewQueue(skip: readonly string[], batch: number) {
  return useQuery({
    queryKey: trainingDataKeys.queue(skip, batch),
    queryFn: ({ signal }) =>
      callEndpoint(mlApi.needingVerification, {
        query: { type: 'both', limit: TRAINING_DATA_LIMITS.queueBatch, skip: skip.length ? skip.join(',') : undefined },
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Provider performance, the confusion matrix and the quality distribution. */
export function useMlAnalytics(range: IsoRange, isEnabled = true) {
  return useQuery({
    queryKey: trainingDataKeys.analytics(range),
    queryFn: ({ signal }) => callEndpoint(mlApi.analytics, { query: { type: 'both', ...range }, signal }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}

/** Lists, statistics and analytics all change with a sample (the queue is left alone: it walks its own batch). */
function invalidateSamples(queryClient: QueryClient) {
  return Promise.all(
    (['statistics', 'list', 'sample', 'analytics'] as const).map((part) =>
      queryClient.invalidateQueries({ queryKey: [...trainingDataKeys.all, part] }),
    ),
  );
}

/** Marks a sample verified (one-way); a failure alerts 'Failed to verify sample'. */
export function useVerifySample() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ type, id }: { type: SampleType; id: string }) =>
      callEndpoint(type === 'memory' ? trainingDataApi.verifyMemory : trainingDataApi.verifyIntent, {
        params: { id },
        body: { humanVerified: true },
      }),
    onSuccess: () => {
      toast.success('Sample verified');
      return invalidateSamples(queryClient);
    },
    onError: () => toast.error(TRAINING_DATA_MESSAGES.verifyFailed),
  });
}

/** The body of a label correction: the sample's type and the corrected fields. */
export type LabelBody = EndpointBody<typeof mlApi.label>;

/** Stores a corrected label beside the original (the server also verifies the sample). */
export function useSaveLabel() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: LabelBody }) => callEndpoint(mlApi.label, { params: { id }, body }),
    onSuccess: () => {
      toast.success('Label saved');
      return invalidateSamples(queryClient);
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to save the label')),
  });
}

/** Verifies or deletes many samples of one type in one transaction. */
export function useBulkSampleAction() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof mlApi.bulkAction>) => callEndpoint(mlApi.bulkAction, { body }),
    onSuccess: (result, { action }) => {
      const noun = result.affected === 1 ? 'sample' : 'samples';
      toast.success(`${result.affected} ${noun} ${action === 'delete' ? 'deleted' : 'verified'}`);
      return invalidateSamples(queryClient);
    },
    onError: (error) => toast.error(errorMessage(error, 'The bulk action failed')),
  });
}

/** Verifies a sample from the review queue, leaving the queue's batch as it is. */
export function useQueueVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id }: { type: SampleType; id: string }) =>
      callEndpoint(mlApi.verify, { params: { id }, body: { type, verified: true } }),
    onSuccess: () => invalidateSamples(queryClient),
  });
}
