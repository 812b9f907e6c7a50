import { type InfluxGenerateBody, type InfluxQueryBody, type InfluxTimeRange, influxManagerApi } from '@guildhall/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/endpoint';

/** Query keys of the InfluxDB manager. */
export const influxKeys = {
  all: ['database-influxdb'] as const,
  status: () => [...influxKeys.all, 'status'] as const,
  buckets: () => [...influxKeys.all, 'buckets'] as const,
  measurements: (bucket: string, timeRange: InfluxTimeRange) => [...influxKeys.all, 'measurements', bucket, timeRange] as const,
  details: (bucket: string, measurement: string, timeRange: InfluxTimeRange) =>
    [...influxKeys.all, 'details', bucket, measurement, timeRange] as const,
  stats: () => [...influxKeys.all, 'stats'] as const,
  retention: () => [...influxKeys.all, 'retention'] as const,
};

/** The connected server (version, languages, default bucket), or how to connect one; a 503 when it is down. */
export function useInfluxStatus() {
  return useQuery({
    queryKey: influxKeys.status(),
    queryFn: ({ signal }) => callEndpoint(influxManagerApi.status, { signal }),
  });
}

/** The buckets with their retention and organization. */
export function useInfluxBuckets(enabled: boolean) {
  return useQuery({
    queryKey: influxKeys.buckets(),
    queryFn: ({ signal }) => callEndpoint(influxManagerApi.buckets, { signal }),
    enabled,
  });
}

/** A bucket's measurements with their point counts over the time range. */
export function useInfluxMeasurements(bucket: string, timeRange: InfluxTimeRange) {
  return useQuery({
    queryKey: influxKeys.measurements(bucket, timeRange),
    queryFn: ({ signal }) => callEndpoint(influxManagerApi.measurements, { query: { bucket, timeRange }, signal }),
    enabled: bucket !== '',
    placeholderData: keepPreviousData,
  });
}

/** A measurement's tags (first values and how many more) and fields (with types), asked together. */
export function useMeasurementDetails(bucket: string, measurement: string, timeRange: InfluxTimeRange) {
  return useQuery({
    queryKey: influxKeys.details(bucket, measurement, timeRange),
    queryFn: async ({ signal }) => {
      const query = { bucket, measurement, timeRange };
      const [tags, fields] = await Promise.all([
        callEndpoint(influxManagerApi.tags, { query, signal }),
        callEndpoint(influxManagerApi.fields, { query, signal }),
      ]);
      return {
        tags: tags.configured ? tags.tags : [],
        fields: fields.configured ? fields.fields : [],
      };
    },
    enabled: bucket !== '' && measurement !== '',
  });
}

/** The explorer's query for the ticked tags and fields, in the language asked for. */
export function useGenerateQuery() {
  return useMutation({
    mutationFn: (body: InfluxGenerateBody) => callEndpoint(influxManagerApi.generateQuery, { body }),
  });
}

/** Runs one read; the answer holds at most the row cap, the table shows the first 100. */
export function useRunInfluxQuery() {
  return useMutation({
    mutationFn: (body: InfluxQueryBody) => callEndpoint(influxManagerApi.query, { body }),
  });
}

/** Total buckets, data points and uptime. */
export function useInfluxStats() {
  return useQuery({
    queryKey: influxKeys.stats(),
    queryFn: ({ signal }) => callEndpoint(influxManagerApi.stats, { signal }),
  });
}

/** Per bucket the retention period, organization and whether it can be changed. */
export function useInfluxRetention() {
  return useQuery({
    queryKey: influxKeys.retention(),
    queryFn: ({ signal }) => callEndpoint(influxManagerApi.retention, { signal }),
  });
}

/** Changes a bucket's retention; the bucket lists are read again. */
export function useUpdateRetention() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { bucket: string; retention: string }) => callEndpoint(influxManagerApi.updateRetention, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: influxKeys.all }),
  });
}
