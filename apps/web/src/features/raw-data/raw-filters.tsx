import type { RawColumn, RawEntity } from '@guildhall/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../ui/search-input';
import { useDebouncedValue } from '../../ui/use-debounced-value';

interface RawFiltersProps {
  entity: RawEntity;
  filters: Record<string, string>;
  /** Sets one filter parameter ('' clears it). */
  onChange: (param: string, value: string) => void;
  onClear: () => void;
}

/** A text input that reports once typing settles, and follows the URL when it changes elsewhere. */
function DebouncedInput({
  value,
  onChange,
  type,
  label,
  placeholder,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  type: 'text' | 'number' | 'date';
  label: string;
  placeholder?: string;
  testId: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  // The URL changed elsewhere (Clear filters, Back): the box shows it.
  useEffect(() => setText(value), [value]);
  // Only a text that has settled reports; a URL change alone never does.
  useEffect(() => {
    if (settled !== latest.current.value) latest.current.onChange(settled.trim());
  }, [settled]);
  return (
    <span className="raw-filter__input">
      <label htmlFor={id} className="raw-filter__sub">
        {label}
      </label>
      <input
        id={id}
        className="input"
        type={type}
        inputMode={type === 'number' ? 'decimal' : undefined}
        value={text}
        placeholder={placeholder}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
        data-testid={testId}
      />
    </span>
  );
}

function ColumnFilter({
  column,
  filters,
  onChange,
}: { column: RawColumn; filters: Record<string, string> } & Pick<RawFiltersProps, 'onChange'>) {
  const id = useId();
  const testId = `raw-filter-${column.name}`;
  if (column.filter === 'range') {
    const isDate = column.type === 'date';
    const [low, high] = isDate ? ['_from', '_to'] : ['_min', '_max'];
    return (
      <fieldset className={isDate ? 'raw-filter raw-filter--range raw-filter--dates' : 'raw-filter raw-filter--range'}>
        <legend className="raw-filter__label">{column.label}</legend>
        <DebouncedInput
          type={isDate ? 'date' : 'number'}
          label={isDate ? 'From' : 'Min'}
          value={filters[`${column.name}${low}`] ?? ''}
          onChange={(value) => onChange(`${column.name}${low}`, value)}
          testId={`${testId}${low}`}
        />
        <DebouncedInput
          type={isDate ? 'date' : 'number'}
          label={isDate ? 'To' : 'Max'}
          value={filters[`${column.name}${high}`] ?? ''}
          onChange={(value) => onChange(`${column.name}${high}`, value)}
          testId={`${testId}${high}`}
        />
      </fieldset>
    );
  }
  if (column.filter === 'enum' || column.filter === 'boolean') {
    const values = column.filter === 'boolean' ? ['true', 'false'] : (column.values ?? []);
    return (
      <div className="raw-filter">
        <label htmlFor={id} className="raw-filter__label">
          {column.label}
        </label>
        <select
          id={id}
          className="input"
          value={filters[column.name] ?? ''}
          onChange={(event) => onChange(column.name, event.target.value)}
          data-testid={testId}
        >
          <option value="">Any</option>
          {values.map((value) => (
            <option key={value} value={value}>
              {column.filter === 'boolean' ? (value === 'true' ? 'Yes' : 'No') : value}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <div className="raw-filter">
      <DebouncedInput
        type="text"
        label={column.label}
        placeholder={column.filter === 'equals' ? 'Exact value' : 'Contains'}
        value={filters[column.name] ?? ''}
        onChange={(value) => onChange(column.name, value)}
        testId={testId}
      />
    </div>
  );
}

/** The filter bar of an entity, generated from its description: text, number and date ranges, enum selects. */
export function RawFilters({ entity, filters, onChange, onClear }: RawFiltersProps) {
  const count = Object.keys(filters).length;
  // Open on wide screens or when filters are set; on a phone the bar starts folded so the rows come first.
  const [isOpen, setIsOpen] = useState(() => count > 0 || window.matchMedia('(min-width: 720px)').matches);
  return (
    <details className="raw-filters" open={isOpen} onToggle={(event) => setIsOpen(event.currentTarget.open)}>
      <summary className="raw-filters__summary">Column filters{count > 0 ? ` (${count} active)` : ''}</summary>
      <div className="raw-filters__grid">
        {entity.columns
          .filter((column) => column.filter)
          .map((column) => (
            <ColumnFilter key={`${entity.name}.${column.name}`} column={column} filters={filters} onChange={onChange} />
          ))}
      </div>
      {count > 0 && (
        <button type="button" className="button button--secondary button--small" onClick={onClear}>
          Clear filters
        </button>
      )}
    </details>
  );
}
