import { X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { FilterSelect } from './filter-select';
import { GuildPicker } from './guild-picker';
import { SearchInput } from './search-input';

/** A select's choice: the value as the screen's query holds it, and its words. */
export interface FilterChoice {
  value: string | number;
  label: string;
}

/** A field name of the screen's query whose values are text (a search, a time). */
type TextKey<Q> = { [K in keyof Q]-?: Exclude<Q[K], undefined> extends string ? K : never }[keyof Q] & string;
/** A field name of the screen's query whose values are yes or no. */
type FlagKey<Q> = { [K in keyof Q]-?: Exclude<Q[K], undefined> extends boolean ? K : never }[keyof Q] & string;

/** One control of a filter bar, described as data; the bar reads and writes the query's field it names. */
export type FilterField<Q> =
  | {
      kind: 'search';
      name: TextKey<Q>;
      /** Read by screen readers. */
      label: string;
      placeholder?: string;
      testId?: string;
      debounceMs?: number;
      maxLength?: number;
    }
  | {
      kind: 'select';
      name: keyof Q & string;
      /** Read by screen readers; the first option says what the filter is. */
      label: string;
      options: readonly FilterChoice[];
      /** The first option, for no filter ('All roles'): chosen, the field leaves the query. */
      all?: string;
      testId?: string;
    }
  | {
      kind: 'dates';
      from: TextKey<Q>;
      to: TextKey<Q>;
      /** Days ('2026-03-14') or local times ('2026-03-14T09:30'). */
      type: 'date' | 'datetime-local';
      /** Why the range cannot be used (it ends before it starts), shown under it. */
      error?: string | null;
      /** The inputs' test ids: `${testId}-from`, `${testId}-to`. */
      testId?: string;
    }
  | { kind: 'toggle'; name: FlagKey<Q>; label: string; testId?: string }
  | {
      /** The console's one guild picker (ui/guild-picker); the field holds the guild's id. */
      kind: 'guild';
      name: TextKey<Q>;
      /** What the box says with no guild chosen: 'All guilds', 'Choose a guild'. */
      placeholder: string;
      /** Offers a clear button (back to `placeholder`) while a guild is chosen. */
      clearLabel?: string;
      /** The chosen guild's name where the screen knows it; else the picker reads it by id. */
      guildName?: string;
      /** Hears the guild picked, name and all (a screen that shows the name elsewhere keeps it). */
      onPick?: (guild: { id: string; name: string } | null) => void;
      testId?: string;
    };

/** How a change is written: typing in a search replaces the history entry instead of adding one. */
export interface FilterChangeOptions {
  replace: boolean;
}

interface FilterBarProps<Q> {
  /** The screen's query as its URL holds it (`useUrlQuery(...).query`). */
  values: Q;
  /** Writes a change (`useUrlQuery(...).set`): a new filter goes back to the first page there. */
  onChange: (change: Partial<Q>, options: FilterChangeOptions) => void;
  /** The controls, in order; `false` leaves one out (a filter of another list type). */
  fields: readonly (FilterField<Q> | false)[];
  /**
   * Offers 'Clear filters' while true: every field of the bar back to its default (the sort and page size stay),
   * and those named in `alsoClears`.
   */
  isFiltered?: boolean;
  /** Filters the bar does not show as fields that Clear filters also drops (a target from a link). */
  alsoClears?: readonly (keyof Q & string)[];
  /** Names the bar for screen readers where a screen has two. */
  label?: string;
  className?: string;
  testId?: string;
  /** Controls of the screen's own after the fields (a sort direction, a chip of a filter from a link). */
  children?: ReactNode;
}

/** A select's options: 'All ...' first, then the choices, and a value from the URL that the choices lack. */
function selectOptions(field: Extract<FilterField<unknown>, { kind: 'select' }>, current: unknown) {
  const options = field.options.map((option) => ({ value: String(option.value), label: option.label }));
  const shown = current === undefined || current === null ? '' : String(current);
  if (shown !== '' && !options.some((option) => option.value === shown)) options.push({ value: shown, label: shown });
  return field.all === undefined ? options : [{ value: '', label: field.all }, ...options];
}

function DateRange<Q>({ field, values, onChange }: FieldProps<Q, 'dates'>) {
  const id = useId();
  const invalid = Boolean(field.error);
  const input = (name: TextKey<Q>, label: string, part: string) => (
    <div className="filter-bar__date">
      <label htmlFor={`${id}-${part}`}>{label}</label>
      <input
        id={`${id}-${part}`}
        className="input"
        type={field.type}
        value={(values[name] as string | undefined) ?? ''}
        onChange={(event) => onChange({ [name]: event.target.value || undefined } as Partial<Q>, { replace: false })}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        data-testid={field.testId && `${field.testId}-${part}`}
      />
    </div>
  );
  return (
    <>
      {input(field.from, 'From', 'from')}
      {input(field.to, 'To', 'to')}
      {field.error && (
        <p id={`${id}-error`} className="field__error filter-bar__error" role="alert">
          {field.error}
        </p>
      )}
    </>
  );
}

interface FieldProps<Q, K extends FilterField<Q>['kind']> {
  field: Extract<FilterField<Q>, { kind: K }>;
  values: Q;
  onChange: FilterBarProps<Q>['onChange'];
}

function Field<Q>({ field, values, onChange }: { field: FilterField<Q>; values: Q; onChange: FilterBarProps<Q>['onChange'] }) {
  const write = (name: string, value: unknown, replace = false) => onChange({ [name]: value } as Partial<Q>, { replace });
  switch (field.kind) {
    case 'search':
      return (
        <SearchInput
          value={(values[field.name] as string | undefined) ?? ''}
          onSearch={(text) => write(field.name, text || undefined, true)}
          label={field.label}
          placeholder={field.placeholder}
          testId={field.testId}
          debounceMs={field.debounceMs}
          maxLength={field.maxLength}
        />
      );
    case 'select':
      return (
        <FilterSelect
          label={field.label}
          value={values[field.name] === undefined || values[field.name] === null ? '' : String(values[field.name])}
          options={selectOptions(field as Extract<FilterField<unknown>, { kind: 'select' }>, values[field.name])}
          // The option's own value (a number stays a number); 'All ...' takes the field out of the query.
          onChange={(shown) =>
            write(field.name, shown === '' ? undefined : (field.options.find((o) => String(o.value) === shown)?.value ?? shown))
          }
          testId={field.testId}
        />
      );
    case 'dates':
      return <DateRange field={field} values={values} onChange={onChange} />;
    case 'guild':
      return (
        <GuildPicker
          guildId={(values[field.name] as string | undefined) ?? null}
          guildName={field.guildName}
          onChange={(guild) => {
            field.onPick?.(guild);
            write(field.name, guild?.id);
          }}
          placeholder={field.placeholder}
          clearLabel={field.clearLabel}
          testId={field.testId}
        />
      );
    case 'toggle':
      return (
        <label className="filter-bar__toggle">
          <input
            type="checkbox"
            checked={values[field.name] === true}
            onChange={(event) => write(field.name, event.target.checked)}
            data-testid={field.testId}
          />
          {field.label}
        </label>
      );
  }
}

const keyOf = <Q,>(field: FilterField<Q>) => (field.kind === 'dates' ? field.from : field.name);
const keysOf = <Q,>(field: FilterField<Q>) => (field.kind === 'dates' ? [field.from, field.to] : [field.name]);

/**
 * A list's filter bar from a description of its filters (search box, selects, a date range, toggles), reading the
 * screen's query and writing through its setter, so every filter lives in the URL the same way on every screen.
 */
export function FilterBar<Q>(props: FilterBarProps<Q>) {
  const { values, onChange, fields, isFiltered = false, alsoClears = [], label, className, testId, children } = props;
  const handleClear = () => {
    const names = [...fields.flatMap((field) => (field ? keysOf(field) : [])), ...alsoClears];
    onChange(Object.fromEntries(names.map((name) => [name, undefined])) as Partial<Q>, { replace: false });
  };
  return (
    <search className={`filter-bar${className ? ` ${className}` : ''}`} aria-label={label} data-testid={testId}>
      {fields.map((field) => field && <Field key={keyOf(field)} field={field} values={values} onChange={onChange} />)}
      {children}
      {isFiltered && (
        <button type="button" className="button button--ghost button--small filter-bar__clear" onClick={handleClear}>
          <X size={14} aria-hidden="true" />
          Clear filters
        </button>
      )}
    </search>
  );
}
