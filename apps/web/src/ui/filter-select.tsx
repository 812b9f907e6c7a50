import { useId } from 'react';

interface FilterSelectProps<T extends string> {
  /** Read by screen readers only; the first option says what the filter is. */
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  testId?: string;
  /** The label's classes: hidden by default; 'field__label' shows it above the select, as a form field. */
  labelClassName?: string;
  /** The select's classes, a filter bar's by default. */
  className?: string;
}

/** One drop-down filter of a filter bar. */
export function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
  labelClassName = 'visually-hidden',
  className = 'input filter-bar__select',
}: FilterSelectProps<T>) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select
        id={id}
        className={className}
        value={value}
        // The options are the only values the select can take.
        onChange={(event) => onChange(event.target.value as T)}
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}
