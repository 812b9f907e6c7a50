import type { AlertRule } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { draftOf, ruleChange } from './alert-rule-form';

const rule: AlertRule = {
  id: 'cpu-critical',
  name: 'CPU critical',
  kind: 'threshold',
  metric: 'system.cpu_percent',
  threshold: 90,
  service: null,
  durationSeconds: 60,
  severity: 'critical',
  enabled: true,
  holdingSince: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedBy: null,
};

describe('ruleChange', () => {
  it('sends only what changed, as numbers', () => {
    const { body, errors } = ruleChange(rule, { ...draftOf(rule), threshold: '0', durationSeconds: '0' });
    expect(errors).toEqual({});
    expect(body).toEqual({ threshold: 0, durationSeconds: 0 });
  });

  it('sends nothing for an untouched draft', () => {
    expect(ruleChange(rule, draftOf(rule))).toEqual({ body: {}, errors: {} });
  });

  it('refuses text that is no number and a duration the contract does not allow, on their fields', () => {
    const { errors } = ruleChange(rule, { ...draftOf(rule), threshold: 'lots', durationSeconds: '1.5' });
    expect(errors.threshold).toBe('Enter a number');
    expect(errors.durationSeconds).toBeTruthy();
    expect(ruleChange(rule, { ...draftOf(rule), durationSeconds: '-1' }).errors.durationSeconds).toBeTruthy();
  });

  it('ignores the threshold of a service rule', () => {
    const serviceRule: AlertRule = { ...rule, kind: 'service_down', metric: null, threshold: null, service: 'redis' };
    expect(ruleChange(serviceRule, { ...draftOf(serviceRule), enabled: false }).body).toEqual({ enabled: false });
  });
});
