import type { AlertEvidence, MetricSample, ServiceHealth, ServiceName } from '@guildhall/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvent, EventBus } from '../../core/event-bus';
import { EvidenceCollector, type RecentLogs } from './alert-evidence';
import type { AlertContent, AlertLog } from './alert-log';
import type { AlertRuleRow } from './queries';
import { alertForChange, ruleValue, thresholdAlert, thresholdHolds } from './rule-evaluation';
import type { AlertRuleStore } from './rule-store';

/** What this process knows of one rule on one instance; no entry: unknown (just started). */
interface RuleState {
  /** When it started holding (ms); null while it does not. */
  since: number | null;
  isFired: boolean;
  /** Fired while the database was unreachable: went out live, never stored. */
  isLiveOnly: boolean;
}

/** One look at a rule: whether it holds, when, and what its alert (and its end) would say. */
interface Observation {
  rule: AlertRuleRow;
  instance: string | null;
  holds: boolean;
  at: number;
  alert: () => AlertContent;
  /** What caused it, gathered when it fires. */
  evidence: () => AlertEvidence;
  /** What to announce when its alert resolves because the condition ended (a service healthy again). */
  afterResolve?: () => AlertContent | null;
}

const stateKey = (ruleId: string, instance: string | null) => `${ruleId}\u0000${instance ?? ''}`;

/**
 * Evaluates the alert rules against this process's metric samples (`metrics.recorded`) and the services' states
 * (`service.status-changed`). A rule fires once when it has held for its duration and resolves when it stops
 * holding; the database's one-open-alert-per-rule-and-instance index makes that once across processes. Events are
 * handled one after another, so a resolution never overtakes the firing it ends.
 */
export class AlertRuleEngine {
  private readonly states = new Map<string, RuleState>();
  private readonly services = new Map<ServiceName, ServiceHealth>();
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;
  private readonly evidence: EvidenceCollector;

  constructor(
    private readonly deps: {
      rules: AlertRuleStore;
      alerts: AlertLog;
      bus: EventBus;
      log: FastifyBaseLogger;
      /** The clock of service rules (metric samples carry their own time). */
      now?: () => number;
      /** This process's recent log lines, the evidence of error-rate and service alerts. */
      recentLogs?: RecentLogs;
    },
  ) {
    this.evidence = new EvidenceCollector(deps.recentLogs ?? (() => []), () => this.now());
  }

  start() {
    this.unsubscribe ??= this.deps.bus.subscribe((event) => {
      if (event.type === 'metrics.recorded' || event.type === 'service.status-changed') this.enqueue(() => this.handle(event));
    });
  }

  /** Stops listening and waits for the evaluation under way. */
  async stop() {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.queue;
  }

  /** Resolves when every event received so far has been evaluated. */
  settled(): Promise<void> {
    return this.queue;
  }

  /** Since when a rule holds on this process (its earliest instance); null while it does not. */
  holdingSince(ruleId: string): Date | null {
    let earliest: number | null = null;
    for (const [key, state] of this.states) {
      if (!key.startsWith(`${ruleId}\u0000`) || state.since === null) continue;
      earliest = earliest === null ? state.since : Math.min(earliest, state.since);
    }
    return earliest === null ? null : new Date(earliest);
  }

  /** A rule was edited: read the rules again; a disabled rule's open alerts resolve now. */
  ruleChanged(rule: AlertRuleRow): Promise<void> {
    this.deps.rules.invalidate();
    if (rule.enabled) return this.settled();
    return this.enqueue(async () => {
      await this.deps.alerts.resolve(rule.id);
      for (const key of this.states.keys()) {
        if (key.startsWith(`${rule.id}\u0000`)) this.states.set(key, { since: null, isFired: false, isLiveOnly: false });
      }
    });
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(work).catch((error) => this.deps.log.error({ err: error }, 'alert rule evaluation failed'));
    return this.queue;
  }

  private async handle(event: Extract<DomainEvent, { type: 'metrics.recorded' | 'service.status-changed' }>) {
    const rules = await this.deps.rules.list();
    if (event.type === 'service.status-changed') {
      this.services.set(event.service, event.overview[event.service]);
      await this.evaluateServices(rules, event.service);
      return;
    }
    this.evidence.record(event.sample);
    await this.evaluateSample(rules, event.sample);
    // A service that stays down sends no further change: its rule's duration is measured on each sample.
    for (const service of this.services.keys()) await this.evaluateServices(rules, service);
  }

  private async evaluateSample(rules: AlertRuleRow[], sample: MetricSample) {
    const parsed = Date.parse(sample.timestamp);
    const at = Number.isNaN(parsed) ? this.now() : parsed;
    for (const rule of rules) {
      const value = ruleValue(rule, sample);
      if (value === undefined) continue;
      await this.observe({
        rule,
        instance: sample.instance,
        holds: thresholdHolds(rule, value),
        at,
        alert: () => thresholdAlert(rule, value, sample.instance),
        evidence: () => this.evidence.collect(rule, sample.instance, at),
      });
    }
  }

  private async evaluateServices(rules: AlertRuleRow[], service: ServiceName) {
    const health = this.services.get(service);
    // A service that is not configured is neither up nor down.
    if (!health || health.status === 'not_configured') return;
    for (const rule of rules) {
      if (rule.kind !== 'service_down' || rule.service !== service) continue;
      await this.observe({
        rule,
        instance: null,
        holds: rule.enabled && health.status === 'down',
        at: this.now(),
        alert: () => ({ ...alertForChange(service, null, health)!, severity: rule.severity }),
        evidence: () => this.evidence.collect(rule, null, this.now()),
        afterResolve: () => {
          const notice = alertForChange(service, 'down', health);
          return notice && notice.type !== 'service_down' ? notice : null;
        },
      });
    }
  }

  private async observe(observation: Observation) {
    const { rule, instance, at } = observation;
    const key = stateKey(rule.id, instance);
    const state = this.states.get(key);
    if (observation.holds) {
      const since = state?.since ?? at;
      if (state?.isFired || at - since < rule.duration_seconds * 1000) {
        this.states.set(key, { since, isFired: state?.isFired ?? false, isLiveOnly: state?.isLiveOnly ?? false });
        return;
      }
      // Null: another process (or this one before a restart) fired it already; it is open all the same.
      const fired = await this.deps.alerts.fire(rule.id, instance, observation.alert(), observation.evidence());
      this.states.set(key, { since, isFired: true, isLiveOnly: fired?.isStored === false });
      return;
    }
    // Known not to hold: nothing to do. Unknown (just started) or was holding: end whatever alert is open.
    if (state && state.since === null) return;
    const resolved = await this.deps.alerts.resolve(rule.id, instance);
    this.states.set(key, { since: null, isFired: false, isLiveOnly: false });
    if (resolved.length === 0 && !state?.isLiveOnly) return;
    const notice = observation.afterResolve?.();
    if (notice) await this.deps.alerts.raise(notice);
  }

  private now() {
    return (this.deps.now ?? Date.now)();
  }
}
