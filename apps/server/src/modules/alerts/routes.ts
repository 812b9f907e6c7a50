import {
  ADMIN_ABILITIES,
  ALERT_MESSAGES,
  alertEvidenceApi,
  findAdminScreen,
  LOG_LIMITS,
  MONITORED_SERVICES,
  metricsApi,
  SERVICE_LABELS,
  type ServiceName,
} from '@guildhall/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionOf, guardAdminRoutes } from '../../auth/require-admin';
import { AppError } from '../../core/app-error';
import { adminActor } from '../../core/audit';
import { contractRoute } from '../../http/contract-route';
import { changeAlertRule } from './manage-rules';
import { presentAlert, presentRule } from './presenters';
import { selectAlertRules, selectAlertWithEvidence } from './queries';
import { AlertRuleEngine } from './rule-engine';
import { AlertRuleStore } from './rule-store';

const TAG = 'Monitoring';

/** Changing an alert rule is configuring the system (issue 14: editable by admin.system_config). */
const ALERT_RULES_EDIT = ADMIN_ABILITIES.editAlertRules;

/** The dashboard's check of each service the monitoring screens list. */
const HEALTH_OF: Record<(typeof MONITORED_SERVICES)[number], ServiceName> = {
  database: 'postgresql',
  redis: 'redis',
  influxdb: 'influxdb',
  discord: 'discord',
};

const editorOf = (request: FastifyRequest) => ({ actor: adminActor(adminSessionOf(request).admin), ip: request.ip });

/** Starts this process's alert rule engine; it stops with the app, after the evaluation under way. */
function startAlertEngine(app: FastifyInstance): AlertRuleEngine {
  const engine = new AlertRuleEngine({
    rules: new AlertRuleStore(app.services.db),
    alerts: app.monitoring.alerts,
    bus: app.bus,
    log: app.log,
    recentLogs: () => app.logHub?.recent({ level: 'warn' }, LOG_LIMITS.ring) ?? [],
  });
  engine.start();
  app.addHook('onClose', () => engine.stop());
  return engine;
}

/**
 * Alerts, alert rules and service states (issue 14): read by whoever may open the monitoring screens; rules are
 * changed by admin.full_access or admin.system_config. This plugin also runs the rule engine, which the HTTP calls
 * read (since when a rule holds) and tell of edits.
 */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const alerts = app.monitoring.alerts;
  const { db } = app.services;
  const engine = startAlertEngine(app);

  const readRoutes: FastifyPluginAsyncZod = async (reads) => {
    // Read by whoever may open the monitoring screens.
    guardAdminRoutes(reads, findAdminScreen('/admin/monitoring/system')!.anyOf);

    reads.route({
      ...contractRoute(metricsApi.alerts, TAG),
      handler: async (request) => ({ success: true as const, ...(await alerts.list(request.query)) }),
    });

    reads.route({
      ...contractRoute(alertEvidenceApi.alert, TAG),
      handler: async (request) => {
        const found = await selectAlertWithEvidence(db, request.params.id);
        if (!found) throw AppError.notFound(ALERT_MESSAGES.alertNotFound);
        return { success: true as const, alert: presentAlert(found.row), evidence: found.evidence };
      },
    });

    reads.route({
      ...contractRoute(metricsApi.acknowledgeAlert, TAG),
      handler: async (request) => {
        const alert = await alerts.acknowledge(request.params.id, editorOf(request));
        if (!alert) throw AppError.notFound(ALERT_MESSAGES.alertNotFound);
        return { success: true as const, alert };
      },
    });

    reads.route({
      ...contractRoute(metricsApi.alertRules, TAG),
      handler: async () => {
        const rows = await selectAlertRules(db);
        return { success: true as const, rules: rows.map((row) => presentRule(row, engine.holdingSince(row.id))) };
      },
    });

    reads.route({
      ...contractRoute(metricsApi.services, TAG),
      handler: async () => {
        const overview = await app.monitoring.health.current();
        const services = MONITORED_SERVICES.map((name) => ({
          name,
          label: SERVICE_LABELS[HEALTH_OF[name]],
          ...overview[HEALTH_OF[name]],
        }));
        return { success: true as const, services, checkedAt: overview.checkedAt };
      },
    });
  };

  const editRoutes: FastifyPluginAsyncZod = async (edits) => {
    guardAdminRoutes(edits, ALERT_RULES_EDIT);

    edits.route({
      ...contractRoute(metricsApi.updateAlertRule, TAG),
      handler: async (request) => {
        const row = await changeAlertRule(db, request.params.id, request.body, editorOf(request));
        await engine.ruleChanged(row);
        return { success: true as const, rule: presentRule(row, engine.holdingSince(row.id)) };
      },
    });
  };

  await app.register(readRoutes);
  await app.register(editRoutes);
};
