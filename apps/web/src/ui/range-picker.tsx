import { METRIC_RANGES } from '@guildhall/contract';
import { useId } from 'react';

interface RangePickerProps {
  /** The range shown, in seconds: one of METRIC_RANGES. */
  value: number;
  onChange: (seconds: number) => void;
  label?: string;
}

/** The time range of the monitoring charts (spec 2 §2): 1 Hour, 6 Hours, 24 Hours, 7 Days or 30 Days. */
export function RangePicker({ value, onChange, label = 'Range' }: RangePickerProps) {
  const id = useId();
  return (
    <span className="range-picker">
      <label className="range-picker__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="input range-picker__select"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {METRIC_RANGES.map((range) => (
          <option key={range.seconds} value={range.seconds}>
            {range.label}
          </option>
        ))}
      </select>
    </span>
  );
}
