import { ANALYTICS_RANGES, type AnalyticsRangeKey, REGIONS, type Region } from '@guildhall/contract';
import { useId, useState } from 'react';
import { useGuildList } from '../../api/guilds';
import { FilterSelect } from '../../ui/filter-select';
import { SearchInput } from '../../ui/search-input';

const RANGE_OPTIONS = ANALYTICS_RANGES.map((range) => ({ value: range.key, label: range.label }));
const REGION_OPTIONS = [{ value: '', label: 'All regions' }, ...REGIONS.map((region) => ({ value: region, label: region }))];

/** The range picker of the screen (7 days to 1 year). */
export function AnalyticsRangeSelect({
  value,
  onChange,
}: {
  value: AnalyticsRangeKey;
  onChange: (value: AnalyticsRangeKey) => void;
}) {
  return <FilterSelect label="Range" value={value} options={RANGE_OPTIONS} onChange={onChange} testId="analytics-range" />;
}

/** The region filter. */
export function AnalyticsRegionSelect({ value, onChange }: { value?: Region; onChange: (value?: Region) => void }) {
  return (
    <FilterSelect
      label="Region"
      value={value ?? ''}
      options={REGION_OPTIONS}
      onChange={(next) => onChange(next === '' ? undefined : (next as Region))}
      testId="analytics-region"
    />
  );
}

/**
 * The guild filter: a search over the guild list (names, on the server) and a select of the first matches, with the
 * guild in force kept as an option whatever the search.
 */
export function AnalyticsGuildSelect({
  value,
  valueName,
  onChange,
}: {
  value?: string;
  valueName?: string;
  onChange: (value?: string) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const list = useGuildList({ page: 1, limit: 50, search: search || undefined, status: 'all', region: 'all' });
  const guilds = list.data?.guilds ?? [];
  const options = [
    { value: '', label: 'All guilds' },
    ...(value && !guilds.some((guild) => guild.id === value) ? [{ value, label: valueName ?? 'Selected guild' }] : []),
    ...guilds.map((guild) => ({ value: guild.id, label: `${guild.guild_name} (${guild.region})` })),
  ];
  return (
    <span className="analytics-guild-select">
      <SearchInput
        value={search}
        onSearch={setSearch}
        label="Search guilds"
        placeholder="Search guilds"
        testId="analytics-guild-search"
      />
      <label htmlFor={id} className="visually-hidden">
        Guild
      </label>
      <select
        id={id}
        className="input filter-bar__select"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
        data-testid="analytics-guild"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
