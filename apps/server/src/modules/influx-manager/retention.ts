import { INFLUX_MESSAGES } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { InfluxQueryError } from '../../services/influx/influx-client';
import { durationSeconds, presentV2Bucket, type ResolvedBucket, resolveBucket, retentionText, v2Json } from './buckets';
import { auditInflux, type InfluxContext } from './influx-context';
import { catalogueFailure } from './influx-errors';
import { influxql } from './influxql';
import { influxqlIdentifier } from './quoting';

const RETENTION_TIMEOUT_MS = 10_000;

/** '30d', '2w', '12h' → seconds; 'infinite', 'INF' and '0' → 0 (kept forever). */
export function retentionSeconds(text: string): number {
  return /^(infinite|inf|0)$/i.test(text) ? 0 : durationSeconds(text.toLowerCase());
}

/**
 * InfluxDB's refusal of a retention shorter than the bucket's shard groups (1.x: "retention policy duration must be
 * greater than the shard duration"; 2.x names the shard-group duration too), told in the product's words with the
 * shortest retention the bucket takes; any other refusal as InfluxDB gave it.
 */
function retentionRefusal(error: unknown, bucket: ResolvedBucket): unknown {
  if (!(error instanceof InfluxQueryError) || !/shard/i.test(error.message)) return error;
  const shardGroup = bucket.shardGroupSeconds ? retentionText(bucket.shardGroupSeconds) : null;
  const message = INFLUX_MESSAGES.retentionBelowShardGroup(bucket.name, shardGroup);
  return AppError.invalidField('retention', message);
}

/**
 * Sets a bucket's retention: ALTER RETENTION POLICY on 1.x, PATCH /api/v2/buckets/{id} on 2.x. InfluxDB's own
 * refusal (shorter than a shard group, under an hour) is the caller's 400. Audited with the old and new value.
 */
export async function updateRetention(
  context: InfluxContext,
  input: { bucket: string; retention: string },
): Promise<{ bucket: ResolvedBucket; message: string }> {
  const { influx, engine } = context;
  let bucket: ResolvedBucket | null = null;
  try {
    bucket = await resolveBucket(influx, engine, input.bucket);
    if (!bucket.isEditable) throw new AppError('CONFLICT', INFLUX_MESSAGES.retentionNotEditable);
    const seconds = retentionSeconds(input.retention);
    let updated: ResolvedBucket;
    if (engine.isV2) {
      const answer = await influx
        .request(`/api/v2/buckets/${encodeURIComponent(bucket.id ?? '')}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ retentionRules: seconds > 0 ? [{ type: 'expire', everySeconds: seconds }] : [] }),
          timeoutMs: RETENTION_TIMEOUT_MS,
        })
        .then(v2Json<Parameters<typeof presentV2Bucket>[1]>);
      updated = { ...presentV2Bucket(influx, answer, new Map()), organization: bucket.organization };
    } else {
      const duration = seconds > 0 ? `${seconds}s` : 'INF';
      await influxql(
        influx,
        `ALTER RETENTION POLICY ${influxqlIdentifier(bucket.retentionPolicyName ?? '')} ON ${influxqlIdentifier(bucket.database ?? '')} DURATION ${duration}`,
        { isWrite: true, timeoutMs: RETENTION_TIMEOUT_MS },
      );
      updated = { ...bucket, retentionSeconds: seconds, retentionPolicy: retentionText(seconds) };
    }
    await auditInflux(context, 'influx.retention_changed', bucket.name, {
      from: bucket.retentionPolicy,
      to: updated.retentionPolicy,
    });
    return { bucket: updated, message: INFLUX_MESSAGES.retentionUpdated(bucket.name, updated.retentionPolicy) };
  } catch (error) {
    throw catalogueFailure(bucket ? retentionRefusal(error, bucket) : error);
  }
}
