import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, type AuditActionFilter } from '@guildhall/contract';
import { X } from 'lucide-react';
import { FilterBar } from '../../ui/filter-bar';
import type { UrlQueryChangeOptions } from '../../ui/use-url-query';
import { type AuditLogParams, hasAuditFilters } from './audit-log-query';

interface AuditLogFilterBarProps {
  state: AuditLogParams;
  targetTypes: readonly string[];
  /** The message when the range ends before it starts. */
  rangeError: string | null;
  onChange: (change: Partial<AuditLogParams>, options?: UrlQueryChangeOptions) => void;
}

/** Every action of the catalog by its label, and all of one subject's when a link asks for them ('admin.'). */
function actionOptions(current: AuditActionFilter | undefined) {
  const options: { value: AuditActionFilter; label: string }[] = AUDIT_ACTION_NAMES.map((name) => ({
    value: name,
    label: AUDIT_ACTIONS[name],
  }));
  if (current && !(current in AUDIT_ACTIONS)) options.push({ value: current, label: `All ${current.slice(0, -1)} actions` });
  return options;
}

/** Actor (the name or id, as typed), action, target type (and one target from a link) and the time range. */
export function AuditLogFilterBar({ state, targetTypes, rangeError, onChange }: AuditLogFilterBarProps) {
  return (
    <FilterBar
      values={state}
      onChange={onChange}
      isFiltered={hasAuditFilters(state)}
      alsoClears={['targetId']}
      className="audit-filters"
      fields={[
        {
          kind: 'search',
          name: 'actor',
          label: 'Filter by actor',
          placeholder: 'Actor (username or id)',
          testId: 'audit-actor',
          debounceMs: 500,
        },
        {
          kind: 'select',
          name: 'action',
          label: 'Filter by action',
          all: 'All actions',
          options: actionOptions(state.action),
          testId: 'audit-action',
        },
        {
          kind: 'select',
          name: 'targetType',
          label: 'Filter by target type',
          all: 'All targets',
          options: targetTypes.map((value) => ({ value, label: value })),
          testId: 'audit-target-type',
        },
        { kind: 'dates', from: 'from', to: 'to', type: 'datetime-local', error: rangeError, testId: 'audit' },
      ]}
    >
      {state.targetId && (
        <button
          type="button"
          className="button button--secondary audit-filters__target"
          onClick={() => onChange({ targetId: undefined })}
          data-testid="audit-target-id"
        >
          <span>Only {state.targetId}</span>
          <X size={14} aria-hidden="true" />
          <span className="visually-hidden">: show every target</span>
        </button>
      )}
    </FilterBar>
  );
}
