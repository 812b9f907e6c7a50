import { type SampleType, TRAINING_DATA_LIMITS } from '@guildhall/contract';
import { useEffect, useId, useState } from 'react';
import { FilterBar } from '../../ui/filter-bar';
import { FilterSelect } from '../../ui/filter-select';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import type { RespondFilter, SampleListState, VerifiedFilter } from './training-data-query';

interface SampleFiltersProps {
  type: SampleType;
  state: SampleListState;
  onChange: (next: Partial<SampleListState>) => void;
}

const VERIFIED_OPTIONS = [
  { value: 'all', label: 'All samples' },
  { value: 'verified', label: 'Verified' },
  { value: 'unverified', label: 'Unverified' },
] as const satisfies readonly { value: VerifiedFilter; label: string }[];

const RESPOND_OPTIONS = [
  { value: 'all', label: 'Any decision' },
  { value: 'true', label: 'Should respond' },
  { value: 'false', label: 'Should not respond' },
] as const satisfies readonly { value: RespondFilter; label: string }[];

const SORT_OPTIONS = [
  { value: 'timestamp:desc', label: 'Newest first' },
  { value: 'timestamp:asc', label: 'Oldest first' },
  { value: 'qualityScore:desc', label: 'Quality, high to low' },
  { value: 'qualityScore:asc', label: 'Quality, low to high' },
  { value: 'confidence:desc', label: 'Confidence, high to low' },
  { value: 'confidence:asc', label: 'Confidence, low to high' },
] as const;

/** The list's filters (verified, minimum quality, shouldRespond for intent, provider) and its sort. */
export function SampleFilters({ type, state, onChange }: SampleFiltersProps) {
  const id = useId();
  const [minQuality, setMinQuality] = useState(state.minQuality);
  const settled = useDebouncedValue(minQuality, 400);
  useEffect(() => setMinQuality(state.minQuality), [state.minQuality]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled edit of the box is sent
  useEffect(() => {
    if (settled !== state.minQuality) onChange({ minQuality: settled, page: 1 });
  }, [settled]);
  const sortOptions = type === 'memory' ? SORT_OPTIONS.filter((option) => !option.value.startsWith('confidence')) : SORT_OPTIONS;

  return (
    <FilterBar
      values={state}
      onChange={(change) => onChange({ ...change, page: 1 })}
      fields={[
        { kind: 'select', name: 'verified', label: 'Verified', options: VERIFIED_OPTIONS, testId: 'filter-verified' },
        type === 'intent' && {
          kind: 'select',
          name: 'shouldRespond',
          label: 'Should respond',
          options: RESPOND_OPTIONS,
          testId: 'filter-should-respond',
        },
        {
          kind: 'search',
          name: 'provider',
          label: 'Provider',
          placeholder: 'Provider',
          testId: 'filter-provider',
          maxLength: 100,
        },
      ]}
      className="td-filters"
      testId="sample-filters"
    >
      <span className="td-filters__quality">
        <label htmlFor={`${id}-quality`}>Minimum quality</label>
        <input
          id={`${id}-quality`}
          className="input td-filters__number"
          type="number"
          min={0}
          max={1}
          step={0.1}
          placeholder={String(TRAINING_DATA_LIMITS.defaultMinQuality)}
          value={minQuality}
          onChange={(event) => setMinQuality(event.target.value)}
        />
      </span>
      <FilterSelect
        label="Sort"
        value={`${state.sortBy}:${state.sortOrder}`}
        options={sortOptions}
        onChange={(value) => {
          const [sortBy, sortOrder] = value.split(':') as [SampleListState['sortBy'], SampleListState['sortOrder']];
          onChange({ sortBy, sortOrder, page: 1 });
        }}
        testId="filter-sort"
      />
    </FilterBar>
  );
}
