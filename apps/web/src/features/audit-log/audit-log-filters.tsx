import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, type AuditActionFilter } from '@guildhall/contract';
import { X } from 'lucide-react';
import { useId } from 'react';
import { FilterSelect } from '../../ui/filter-select';
import { SearchInput } from '../../ui/search-input';
import type { AuditLogParams } from './audit-log-query';

interface AuditLogFilterBarProps {
  state: AuditLogParams;
  targetTypes: readonly string[];
  /** The message when the range ends before it starts. */
  rangeError: string | null;
  onActorChange: (actor: string) => void;
  onChange: (change: Partial<AuditLogParams>) => void;
}

/** The target menu's options: everything, then each type recorded so far (and one from the URL the log does not hold). */
function optionsOf(all: string, values: readonly string[], current: string | undefined) {
  const list = current && !values.includes(current) ? [...values, current] : values;
  return [{ value: '', label: all }, ...list.map((value) => ({ value, label: value }))];
}

/** Every action of the catalog by its label, and all of one subject's when a link asks for them ('admin.'). */
function actionOptions(current: AuditActionFilter | undefined) {
  const options: { value: AuditActionFilter | ''; label: string }[] = [{ value: '', label: 'All actions' }];
  options.push(...AUDIT_ACTION_NAMES.map((name) => ({ value: name, label: AUDIT_ACTIONS[name] })));
  if (current && !(current in AUDIT_ACTIONS)) options.push({ value: current, label: `All ${current.slice(0, -1)} actions` });
  return options;
}

/** Actor (the name or id, as typed), action, target type and the time range. */
export function AuditLogFilterBar({ state, targetTypes, rangeError, onActorChange, onChange }: AuditLogFilterBarProps) {
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  return (
    <search className="filter-bar audit-filters">
      <SearchInput
        value={state.actor ?? ''}
        onSearch={onActorChange}
        label="Filter by actor"
        placeholder="Actor (username or id)"
        testId="audit-actor"
        debounceMs={500}
      />
      <FilterSelect
        label="Filter by action"
        value={state.action ?? ''}
        options={actionOptions(state.action)}
        onChange={(action) => onChange({ action: action || undefined })}
        testId="audit-action"
      />
      <FilterSelect
        label="Filter by target type"
        value={state.targetType ?? ''}
        options={optionsOf('All targets', targetTypes, state.targetType)}
        onChange={(targetType) => onChange({ targetType: targetType || undefined })}
        testId="audit-target-type"
      />
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
      <div className="audit-filters__time">
        <label htmlFor={fromId}>From</label>
        <input
          id={fromId}
          className="input"
          type="datetime-local"
          value={state.from ?? ''}
          onChange={(event) => onChange({ from: event.target.value || undefined })}
          aria-invalid={rangeError !== null}
          aria-describedby={rangeError ? errorId : undefined}
          data-testid="audit-from"
        />
      </div>
      <div className="audit-filters__time">
        <label htmlFor={toId}>To</label>
        <input
          id={toId}
          className="input"
          type="datetime-local"
          value={state.to ?? ''}
          onChange={(event) => onChange({ to: event.target.value || undefined })}
          aria-invalid={rangeError !== null}
          aria-describedby={rangeError ? errorId : undefined}
          data-testid="audit-to"
        />
      </div>
      {rangeError && (
        <p id={errorId} className="field__error audit-filters__error" role="alert">
          {rangeError}
        </p>
      )}
    </search>
  );
}
