// What each contact point receives: a Discord embed coloured by severity, an e-mail, or a signed JSON body.
import { createHmac } from 'node:crypto';
import {
  type AlertSeverity,
  alertPagePath,
  type DeliveryEvent,
  evidenceSummary,
  liveLogsSearchPath,
  WEBHOOK_SIGNATURE,
} from '@guildhall/contract';
import type { DeliveryWork } from './queries';

type WorkAlert = NonNullable<DeliveryWork['alert']>;

/** Where a reader follows an alert up: its page, and Live Logs over the minute before it (when it kept logs). */
export function linksOf(publicUrl: string, alert: WorkAlert): { page: string; logs: string | null } {
  const logs = alert.evidence?.logs;
  return { page: `${publicUrl}${alertPagePath(alert.id)}`, logs: logs ? `${publicUrl}${liveLogsSearchPath(logs)}` : null };
}

/** What caused it, in lines of text: the metric's values over the window, the request ids and log lines before. */
export function evidenceLines(alert: WorkAlert, maxLogLines = 5): string[] {
  const evidence = alert.evidence;
  if (!evidence) return [];
  const lines: string[] = [];
  const summary = evidence.metric ? evidenceSummary(evidence.metric) : null;
  if (summary) lines.push(`Values from ${evidence.from} to ${evidence.to}: ${summary}`);
  if (evidence.logs) {
    const { requestIds, lines: logLines } = evidence.logs;
    if (requestIds.length > 0) lines.push(`Request ids: ${requestIds.join(', ')}`);
    for (const line of logLines.slice(-maxLogLines)) {
      lines.push(`${line.time} ${line.level}${line.requestId ? ` [${line.requestId}]` : ''} ${line.message}`);
    }
    if (logLines.length === 0) lines.push('No warning or error lines in the minute before');
  }
  return lines;
}

/** Discord embed colours: red, orange, amber, blue by severity; green once resolved. */
const SEVERITY_COLOURS: Record<AlertSeverity, number> = {
  critical: 0xdc2626,
  error: 0xea580c,
  warning: 0xf59e0b,
  info: 0x3b82f6,
};
const RESOLVED_COLOUR = 0x16a34a;

const EVENT_WORDS: Record<DeliveryEvent, string> = {
  firing: 'Firing',
  resolved: 'Resolved',
  repeat: 'Still firing',
  test: 'Test',
};

/** The one-line subject every kind starts with: '[Firing] critical: CPU 98 % for 30 s'. */
export function subjectOf(work: DeliveryWork): string {
  if (!work.alert) return `[Test] Guildhall alerts reach ${work.contact.name}`;
  return `[${EVENT_WORDS[work.event]}] ${work.alert.severity}: ${work.alert.message}`.slice(0, 240);
}

/** The JSON a generic webhook receives. */
export function webhookBody(work: DeliveryWork, sentAt: Date, publicUrl: string): string {
  const alert = work.alert;
  return JSON.stringify({
    event: work.event,
    deliveryId: work.id,
    contactPoint: { id: work.contact.id, name: work.contact.name },
    alert: alert
      ? {
          id: alert.id,
          severity: alert.severity,
          type: alert.type,
          message: alert.message,
          ruleId: alert.rule_id,
          instance: alert.instance,
          firedAt: alert.created_at.toISOString(),
          resolvedAt: alert.resolved_at?.toISOString() ?? null,
          evidence: alert.evidence,
          links: linksOf(publicUrl, alert),
        }
      : null,
    sentAt: sentAt.toISOString(),
  });
}

/**
 * The signature headers of a webhook body: the Unix time in seconds, and HMAC-SHA256 over `${timestamp}.${body}`
 * with the contact point's secret, so a receiver can check both who sent it and that it is not replayed later.
 */
export function signatureHeaders(secret: string, body: string, sentAt: Date): Record<string, string> {
  const timestamp = String(Math.floor(sentAt.getTime() / 1000));
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return {
    [WEBHOOK_SIGNATURE.timestampHeader]: timestamp,
    [WEBHOOK_SIGNATURE.signatureHeader]: `${WEBHOOK_SIGNATURE.prefix}${digest}`,
  };
}

/** A Discord execute-webhook body: one embed coloured by severity, green once resolved. */
export function discordBody(work: DeliveryWork, publicUrl: string): string {
  const alert = work.alert;
  const colour = !alert ? SEVERITY_COLOURS.info : work.event === 'resolved' ? RESOLVED_COLOUR : SEVERITY_COLOURS[alert.severity];
  const links = alert ? linksOf(publicUrl, alert) : null;
  const evidence = alert ? evidenceLines(alert) : [];
  const embed = {
    title: subjectOf(work).slice(0, 256),
    ...(links ? { url: links.page } : {}),
    description: alert
      ? [alert.message, ...evidence, ...(links?.logs ? [`Live Logs: ${links.logs}`] : [])].join('\n').slice(0, 4000)
      : 'A test from the Alerts screen: this channel will hear of alerts.',
    color: colour,
    timestamp: (alert?.created_at ?? new Date()).toISOString(),
    fields: alert
      ? [
          { name: 'Severity', value: alert.severity, inline: true },
          { name: 'Type', value: alert.type.slice(0, 1000), inline: true },
        ]
      : [],
    footer: { text: 'Guildhall' },
  };
  return JSON.stringify({ username: 'Guildhall', embeds: [embed], allowed_mentions: { parse: [] } });
}

/** The e-mail's text. */
export function mailText(work: DeliveryWork, publicUrl: string): string {
  const alert = work.alert;
  if (!alert) return `This is a test from Guildhall's Alerts screen: alerts routed to ${work.contact.name} will arrive here.`;
  const links = linksOf(publicUrl, alert);
  return [
    subjectOf(work),
    '',
    alert.message,
    '',
    `Severity: ${alert.severity}`,
    `Type: ${alert.type}`,
    `Fired: ${alert.created_at.toISOString()}`,
    ...(alert.resolved_at ? [`Resolved: ${alert.resolved_at.toISOString()}`] : []),
    ...(alert.evidence ? ['', 'What caused it:', ...evidenceLines(alert, 20)] : []),
    '',
    `Alert: ${links.page}`,
    ...(links.logs ? [`Live Logs: ${links.logs}`] : []),
  ].join('\n');
}
