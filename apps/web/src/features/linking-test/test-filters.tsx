import {
  type CharacterSourceType,
  LINKING_TEST_LIMITS,
  LINKING_TEST_SORTS,
  type LinkingTestSort,
  WOW_CLASSES,
  type WowClass,
} from '@guildhall/contract';
import { ArrowDownAZ, ArrowUpAZ } from 'lucide-react';
import { useId } from 'react';
import { SearchInput } from '../../ui/search-input';
import { type CharacterQuery, parseLevel } from './character-query';

const SORT_LABELS: Record<LinkingTestSort, string> = {
  name: 'Name',
  level: 'Level',
  class: 'Class',
  server: 'Server',
  itemLevel: 'Item level',
  lastActive: 'Last active',
};

interface TestFiltersProps {
  query: CharacterQuery;
  options: { classes: readonly WowClass[]; servers: readonly string[]; sources: readonly CharacterSourceType[] };
  onChange: (change: Partial<CharacterQuery>) => void;
}

interface ChoiceProps {
  id: string;
  label: string;
  value: string;
  values: readonly string[];
  allLabel: string;
  onSelect: (value: string) => void;
}

/** A filter menu whose first option names it ("All classes"); its label is for screen readers. */
function Choice({ id, label, value, values, allLabel, onSelect }: ChoiceProps) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select id={id} className="input filter-bar__select" value={value} onChange={(event) => onSelect(event.target.value)}>
        <option value="">{allLabel}</option>
        {values.map((item) => (
          <option key={item} value={item}>
            {item}
          </option>
        ))}
      </select>
    </>
  );
}

/** Search (debounced 300 ms, over name, server and class), the filters and the sort of spec 2 §5. */
export function TestFilters({ query, options, onChange }: TestFiltersProps) {
  const id = useId();
  const level = (name: 'minLevel' | 'maxLevel', label: string) => (
    <>
      <label htmlFor={`${id}-${name}`} className="visually-hidden">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="input test-filters__level"
        type="number"
        inputMode="numeric"
        placeholder={label}
        min={LINKING_TEST_LIMITS.minLevel}
        max={LINKING_TEST_LIMITS.maxLevel}
        value={query[name] ?? ''}
        onChange={(event) => onChange({ [name]: parseLevel(event.target.value) })}
      />
    </>
  );

  return (
    <search className="filter-bar test-filters" aria-label="Filter characters">
      <SearchInput
        value={query.search}
        onSearch={(search) => onChange({ search })}
        label="Search characters"
        placeholder="Search name, server or class"
        testId="test-character-search"
      />
      <Choice
        id={`${id}-class`}
        label="Class"
        value={query.class ?? ''}
        values={options.classes}
        allLabel="All classes"
        onSelect={(value) => onChange({ class: (WOW_CLASSES as readonly string[]).includes(value) ? (value as WowClass) : null })}
      />
      <Choice
        id={`${id}-server`}
        label="Server"
        value={query.server ?? ''}
        values={options.servers}
        allLabel="All servers"
        onSelect={(value) => onChange({ server: value || null })}
      />
      <Choice
        id={`${id}-source`}
        label="Source"
        value={query.source ?? ''}
        values={options.sources}
        allLabel="All sources"
        onSelect={(value) =>
          onChange({ source: (options.sources as readonly string[]).includes(value) ? (value as CharacterSourceType) : null })
        }
      />
      {level('minLevel', 'Min level')}
      {level('maxLevel', 'Max level')}
      <label className="test-filters__check">
        <input
          type="checkbox"
          checked={query.hasItemLevel}
          onChange={(event) => onChange({ hasItemLevel: event.target.checked })}
        />
        Has item level
      </label>
      <div className="test-filters__sort">
        <label htmlFor={`${id}-sort`} className="test-filters__sort-label">
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          className="input filter-bar__select"
          value={query.sort}
          onChange={(event) => onChange({ sort: event.target.value as LinkingTestSort })}
        >
          {LINKING_TEST_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--secondary test-filters__direction"
          onClick={() => onChange({ direction: query.direction === 'asc' ? 'desc' : 'asc' })}
          aria-label={query.direction === 'asc' ? 'Ascending: switch to descending' : 'Descending: switch to ascending'}
          data-testid="sort-direction"
          data-direction={query.direction}
        >
          {query.direction === 'asc' ? <ArrowDownAZ size={16} aria-hidden="true" /> : <ArrowUpAZ size={16} aria-hidden="true" />}
          {query.direction === 'asc' ? 'Asc' : 'Desc'}
        </button>
      </div>
    </search>
  );
}
