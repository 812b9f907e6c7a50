import type { HealthOverview } from '@guildhall/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../core/event-bus';
import type { Services } from '../../services/services';

/**
 * What the metrics recorder needs from the app. The host's figures and the last service check are monitoring's
 * (its host sampler and health monitor), which builds the recorder: named here by what is read, not imported.
 */
export interface MetricsDeps {
  services: Services;
  bus: EventBus;
  host: { read(): { cpuPercent: number; processCpuPercent: number; memory: { usagePercent: number } } };
  health: { cached(): HealthOverview | null };
  log: FastifyBaseLogger;
  /** Names this process's series (config.instanceId). */
  instanceId: string;
  sampleMs: number;
}
