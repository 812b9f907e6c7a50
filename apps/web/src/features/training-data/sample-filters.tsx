import { type SampleType, TRAINING_DATA_LIMITS } from '@guildhall/contract';
import { useEffect, useId, useState } from 'react';
import { FilterSelect } from '../../ui/filter-select';
import { SearchInput } from '../../ui/search-input';
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
    <div className="filter-bar td-filters" data-testid="sample-filters">
      <FilterSelect
        label="Verified"
        value={state.verified}
        options={VERIFIED_OPTIONS}
        onChange={(verified) => onChange({ verified, page: 1 })}
        testId="filter-verified"
      />
      {type === 'intent' && (
        <FilterSelect
          label="Should respond"
          value={state.shouldRespond}
          options={RESPOND_OPTIONS}
          onChange={(shouldRespond) => onChange({ shouldRespond, page: 1 })}
          testId="filter-should-respond"
        />
      )}
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
      <SearchInput
        value={state.provider}
        onSearch={(provider) => onChange({ provider, page: 1 })}
        label="Provider"
        placeholder="Provider"
        testId="filter-provider"
        maxLength={100}
      />
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
    </div>
  );
}
