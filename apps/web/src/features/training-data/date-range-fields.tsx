import { EXPORT_QUICK_RANGES } from '@guildhall/contract';
import { useId } from 'react';
import { type DayRange, quickRange, rangeError } from './date-range';

interface DateRangeFieldsProps {
  value: DayRange;
  onChange: (range: DayRange) => void;
}

/** Start and end dates with the quick ranges Today, Last 7, 30 and 90 days; a start after the end is named inline. */
export function DateRangeFields({ value, onChange }: DateRangeFieldsProps) {
  const id = useId();
  const error = rangeError(value);
  return (
    <fieldset className="td-range" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="visually-hidden">Date range</legend>
      <div className="td-range__dates">
        <label className="field" htmlFor={`${id}-start`}>
          <span className="field__label">Start date</span>
          <input
            id={`${id}-start`}
            type="date"
            className="input"
            value={value.start}
            aria-invalid={Boolean(error)}
            onChange={(event) => onChange({ ...value, start: event.target.value })}
          />
        </label>
        <label className="field" htmlFor={`${id}-end`}>
          <span className="field__label">End date</span>
          <input
            id={`${id}-end`}
            type="date"
            className="input"
            value={value.end}
            aria-invalid={Boolean(error)}
            onChange={(event) => onChange({ ...value, end: event.target.value })}
          />
        </label>
      </div>
      <div className="td-range__quick">
        {EXPORT_QUICK_RANGES.map((range) => (
          <button
            key={range.label}
            type="button"
            className="button button--secondary button--small"
            onClick={() => onChange(quickRange(range.days))}
          >
            {range.label}
          </button>
        ))}
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => onChange({ start: '', end: '' })}
          disabled={!value.start && !value.end}
        >
          All time
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert" data-testid="date-range-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
