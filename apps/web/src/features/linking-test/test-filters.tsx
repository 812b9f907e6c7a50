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

/** Search (debounced 300 ms, over name, server and class), the filters and the sort of spec 2 §5. */
export function TestFilters({ query, options, onChange }: TestFiltersProps) {
  const id = useId();
  const select = (
    name: string,
    label: string,
    value: string,
    values: readonly string[],
    allLabel: string,
    onSelect: (value: string) => void,
  ) => (
    <div className="test-filters__field">
      <label htmlFor={`${id}-${name}`} className="test-filters__label">
        {label}
      </label>
      <select id={`${id}-${name}`} className="input" value={value} onChange={(event) => onSelect(event.target.value)}>
        <option value="">{allLabel}</option>
        {values.map((item) => (
          <option key={item} value={item}>
            {item}
          </option>
        ))}
      </select>
    </div>
  );
  const level = (name: 'minLevel' | 'maxLevel', label: string) => (
    <div className="test-filters__field test-filters__field--narrow">
      <label htmlFor={`${id}-${name}`} className="test-filters__label">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="input"
        type="number"
        inputMode="numeric"
        min={LINKING_TEST_LIMITS.minLevel}
        max={LINKING_TEST_LIMITS.maxLevel}
        value={query[name] ?? ''}
        onChange={(event) => onChange({ [name]: parseLevel(event.target.value) })}
      />
    </div>
  );

  return (
    <search className="test-filters" aria-label="Filter characters">
      <div className="test-filters__row">
        <div className="test-filters__search">
          <SearchInput
            value={query.search}
            onSearch={(search) => onChange({ search })}
            label="Search characters"
            placeholder="Name, server or class"
            testId="test-character-search"
          />
        </div>
        <div className="test-filters__field">
          <label htmlFor={`${id}-sort`} className="test-filters__label">
            Sort by
          </label>
          <div className="test-filters__sort">
            <select
              id={`${id}-sort`}
              className="input"
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
              {query.direction === 'asc' ? (
                <ArrowDownAZ size={16} aria-hidden="true" />
              ) : (
                <ArrowUpAZ size={16} aria-hidden="true" />
              )}
              {query.direction === 'asc' ? 'Asc' : 'Desc'}
            </button>
          </div>
        </div>
      </div>
      <div className="test-filters__row">
        {select('class', 'Class', query.class ?? '', options.classes, 'All classes', (value) =>
          onChange({ class: (WOW_CLASSES as readonly string[]).includes(value) ? (value as WowClass) : null }),
        )}
        {select('server', 'Server', query.server ?? '', options.servers, 'All servers', (value) =>
          onChange({ server: value || null }),
        )}
        {select('source', 'Source', query.source ?? '', options.sources, 'All sources', (value) =>
          onChange({ source: (options.sources as readonly string[]).includes(value) ? (value as CharacterSourceType) : null }),
        )}
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
      </div>
    </search>
  );
}
