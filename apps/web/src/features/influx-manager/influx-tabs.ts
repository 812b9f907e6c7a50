import { influxBucketName, influxIdentifier, influxTimeRange } from '@guildhall/contract';
import { z } from 'zod';
import type { TabItem } from '../../ui/tabs';
import { tabQuery } from '../../ui/use-url-query';

/** The InfluxDB manager's tabs (spec 2 §2), in order; the first is the default and leaves ?tab= out. */
export const INFLUX_TABS = [
  { id: 'explorer', label: 'Data Explorer' },
  { id: 'query', label: 'Query' },
  { id: 'stats', label: 'Statistics' },
  { id: 'retention', label: 'Retention' },
] as const satisfies readonly TabItem<string>[];

/** One of the manager's tabs. */
export type InfluxTab = (typeof INFLUX_TABS)[number]['id'];

/** The manager's ?tab=, else the Data Explorer. */
export const influxTabQuery = tabQuery(INFLUX_TABS);

/** The Data Explorer's bucket, time range and measurement in the URL, as the measurement calls take them. */
export const explorerQuery = z.object({
  bucket: influxBucketName.optional(),
  range: influxTimeRange,
  measurement: influxIdentifier.optional(),
});
/** The Data Explorer's state, as the URL holds it. */
export type ExplorerState = z.output<typeof explorerQuery>;
