import { INFLUX_MESSAGES, INFLUX_TIME_RANGES, type InfluxEngine, type InfluxTimeRange } from '@guildhall/contract';
import { useId } from 'react';
import { errorMessage } from '../../api/api-error';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { useUrlQuery } from '../../ui/use-url-query';
import { useInfluxBuckets, useInfluxMeasurements } from './influx-api';
import { InfluxBanner } from './influx-banner';
import type { QueryDraft } from './influx-manager-page';
import { explorerQuery } from './influx-tabs';
import { MeasurementDetails } from './measurement-details';

const RANGE_NAMES: Record<InfluxTimeRange, string> = {
  '-15m': 'Last 15 minutes',
  '-1h': 'Last hour',
  '-6h': 'Last 6 hours',
  '-24h': 'Last 24 hours',
  '-7d': 'Last 7 days',
  '-30d': 'Last 30 days',
  '-90d': 'Last 90 days',
};

interface DataExplorerTabProps {
  engine: InfluxEngine;
  onGenerated: (draft: QueryDraft) => void;
}

/**
 * Bucket and time range, the bucket's measurements with their point counts, and for the chosen one its tags and
 * fields to tick into a generated query. Bucket, range and measurement live in the URL.
 */
export function DataExplorerTab({ engine, onGenerated }: DataExplorerTabProps) {
  const { query, set: update } = useUrlQuery(explorerQuery);
  const buckets = useInfluxBuckets(true);
  const list = buckets.data?.configured ? buckets.data.buckets : [];
  const bucketName = query.bucket ?? list.find((bucket) => bucket.isDefault)?.name ?? list[0]?.name ?? '';
  const bucket = list.find((candidate) => candidate.name === bucketName);
  const timeRange = query.range;
  const measurementName = query.measurement ?? '';
  const measurements = useInfluxMeasurements(bucket ? bucketName : '', timeRange);
  const bucketId = useId();
  const rangeId = useId();

  return (
    <div className="influx-explorer">
      <Card title="Bucket" data-testid="influx-bucket">
        {buckets.isError && <InfluxBanner text={INFLUX_MESSAGES.loadBucketsFailed(errorMessage(buckets.error))} />}
        {buckets.isPending && <Spinner label="Loading buckets..." />}
        <div className="influx-controls">
          <label className="influx-field" htmlFor={bucketId}>
            Bucket
            <select
              id={bucketId}
              className="input influx-select"
              value={bucket ? bucketName : ''}
              onChange={(event) => update({ bucket: event.target.value, measurement: undefined })}
            >
              {!bucket && <option value="">Choose a bucket</option>}
              {list.map((candidate) => (
                <option key={candidate.name} value={candidate.name}>
                  {candidate.name} ({candidate.retentionPolicy})
                </option>
              ))}
            </select>
          </label>
          <label className="influx-field" htmlFor={rangeId}>
            Time range
            <select
              id={rangeId}
              className="input influx-select"
              value={timeRange}
              onChange={(event) => update({ range: event.target.value as InfluxTimeRange, measurement: undefined })}
            >
              {INFLUX_TIME_RANGES.map((range) => (
                <option key={range} value={range}>
                  {RANGE_NAMES[range]} ({range})
                </option>
              ))}
            </select>
          </label>
        </div>
        {bucket && (
          <dl className="influx-facts" data-testid="influx-bucket-info">
            <div>
              <dt>Retention</dt>
              <dd>{bucket.retentionPolicy}</dd>
            </div>
            <div>
              <dt>Organization</dt>
              <dd>{bucket.organization ?? INFLUX_MESSAGES.na}</dd>
            </div>
          </dl>
        )}
      </Card>
      <div className="influx-explorer__body">
        <Card title="Measurements" data-testid="influx-measurements">
          {measurements.isError && (
            <InfluxBanner text={INFLUX_MESSAGES.loadMeasurementsFailed(errorMessage(measurements.error))} />
          )}
          {measurements.isFetching && <Spinner label="Counting points..." />}
          {measurements.data?.configured && measurements.data.measurements.length === 0 && (
            <p className="influx-muted">No measurements in this bucket over this time range.</p>
          )}
          <ul className="influx-measurements">
            {measurements.data?.configured &&
              measurements.data.measurements.map((measurement) => (
                <li key={measurement.name}>
                  <button
                    type="button"
                    className="influx-measurement"
                    aria-pressed={measurement.name === measurementName}
                    onClick={() => update({ measurement: measurement.name })}
                  >
                    <span className="influx-measurement__name">{measurement.name}</span>
                    <span
                      className="influx-measurement__count"
                      title={measurement.isEstimate ? 'Estimate: counting stopped early' : undefined}
                    >
                      {measurement.isEstimate
                        ? `${measurement.count.toLocaleString()}+ points (estimate)`
                        : `${measurement.count.toLocaleString()} ${measurement.count === 1 ? 'point' : 'points'}`}
                    </span>
                  </button>
                </li>
              ))}
          </ul>
        </Card>
        {bucket && measurementName ? (
          <MeasurementDetails
            key={`${bucketName}/${measurementName}/${timeRange}`}
            engine={engine}
            bucket={bucketName}
            measurement={measurementName}
            timeRange={timeRange}
            onGenerated={onGenerated}
          />
        ) : (
          <Card title="Tags and fields">
            <p className="influx-muted">Choose a measurement to see its tags and fields.</p>
          </Card>
        )}
      </div>
    </div>
  );
}
