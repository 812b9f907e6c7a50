import {
  type CharacterSourceType,
  LINKING_TEST_LIMITS,
  LINKING_TEST_SORTS,
  type LinkingTestSort,
  type WowClass,
} from '@guildhall/contract';
import { ArrowDownAZ, ArrowUpAZ } from 'lucide-react';
import { useId } from 'react';
import { FilterBar, type FilterField } from '../../ui/filter-bar';
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

const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** The search, the menus (their first option names them: 'All classes') and the item level check. */
const filterFields = (options: TestFiltersProps['options']): FilterField<CharacterQuery>[] => [
  {
    kind: 'search',
    name: 'search',
    label: 'Search characters',
    placeholder: 'Search name, server or class',
    testId: 'test-character-search',
  },
  { kind: 'select', name: 'class', label: 'Class', all: 'All classes', options: plain(options.classes) },
  { kind: 'select', name: 'server', label: 'Server', all: 'All servers', options: plain(options.servers) },
  { kind: 'select', name: 'source', label: 'Source', all: 'All sources', options: plain(options.sources) },
  { kind: 'toggle', name: 'hasItemLevel', label: 'Has item level' },
];

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
    <FilterBar
      values={query}
      onChange={(change) => onChange(change)}
      fields={filterFields(options)}
      label="Filter characters"
      className="test-filters"
    >
      {level('minLevel', 'Min level')}
      {level('maxLevel', 'Max level')}
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
    </FilterBar>
  );
}
