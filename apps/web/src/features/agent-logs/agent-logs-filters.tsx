import { type AiTurnStats, TURN_OUTCOMES, type TurnOutcome } from '@guildhall/contract';
import { FilterSelect } from '../../ui/filter-select';
import { SearchInput } from '../../ui/search-input';
import { type AgentLogsQuery, TURN_RANGES } from './agent-logs-query';

interface AgentLogsFilterBarProps {
  state: AgentLogsQuery;
  choices: Pick<AiTurnStats, 'providers' | 'models' | 'guilds'> | undefined;
  onChange: (change: Partial<AgentLogsQuery>) => void;
}

/** The menu's options: everything, then each value there is (and one from the URL the data does not hold). */
function optionsOf(all: string, values: readonly { value: string; label: string }[], current: string) {
  const list =
    current && !values.some((value) => value.value === current) ? [...values, { value: current, label: current }] : values;
  return [{ value: '', label: all }, ...list];
}
const plain = <T extends string>(values: readonly T[] = []) => values.map((value) => ({ value, label: value as string }));

/** Guild, provider, model, outcome, time range and a search of the messages, replies and errors. */
export function AgentLogsFilterBar({ state, choices, onChange }: AgentLogsFilterBarProps) {
  return (
    <search className="filter-bar agent-filters">
      <SearchInput
        value={state.search ?? ''}
        onSearch={(search) => onChange({ search })}
        label="Search messages, replies and errors"
        placeholder="Search messages, replies, errors"
        testId="agent-search"
        maxLength={200}
      />
      <FilterSelect
        label="Filter by guild"
        value={state.guildId ?? ''}
        options={optionsOf(
          'All guilds',
          (choices?.guilds ?? []).map((g) => ({ value: g.id, label: g.name })),
          state.guildId ?? '',
        )}
        onChange={(guildId) => onChange({ guildId })}
        testId="agent-guild"
      />
      <FilterSelect
        label="Filter by provider"
        value={state.provider ?? ''}
        options={optionsOf('All providers', plain(choices?.providers), state.provider ?? '')}
        onChange={(provider) => onChange({ provider })}
        testId="agent-provider"
      />
      <FilterSelect
        label="Filter by model"
        value={state.model ?? ''}
        options={optionsOf('All models', plain(choices?.models), state.model ?? '')}
        onChange={(model) => onChange({ model })}
        testId="agent-model"
      />
      <FilterSelect<TurnOutcome | ''>
        label="Filter by outcome"
        value={state.outcome ?? ''}
        options={[{ value: '', label: 'All outcomes' }, ...plain(TURN_OUTCOMES)]}
        onChange={(outcome) => onChange({ outcome: outcome || undefined })}
        testId="agent-outcome"
      />
      <FilterSelect
        label="Time range"
        value={state.range}
        options={TURN_RANGES}
        onChange={(range) => onChange({ range })}
        testId="agent-range"
      />
    </search>
  );
}
