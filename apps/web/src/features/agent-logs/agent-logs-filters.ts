import { type AiTurnStats, TURN_OUTCOMES } from '@guildhall/contract';
import type { FilterField } from '../../ui/filter-bar';
import { type AgentLogsQuery, TURN_RANGES } from './agent-logs-query';

/** The choices the turns recorded so far offer (from the statistics call). */
type Choices = Pick<AiTurnStats, 'providers' | 'models' | 'guilds'> | undefined;

const plain = (values: readonly string[] = []) => values.map((value) => ({ value, label: value }));

/** Guild, provider, model, outcome, time range and a search of the messages, replies and errors. */
export const agentLogsFilterFields = (choices: Choices): FilterField<AgentLogsQuery>[] => [
  {
    kind: 'search',
    name: 'search',
    label: 'Search messages, replies and errors',
    placeholder: 'Search messages, replies, errors',
    testId: 'agent-search',
    maxLength: 200,
  },
  {
    kind: 'select',
    name: 'guildId',
    label: 'Filter by guild',
    all: 'All guilds',
    options: (choices?.guilds ?? []).map((guild) => ({ value: guild.id, label: guild.name })),
    testId: 'agent-guild',
  },
  {
    kind: 'select',
    name: 'provider',
    label: 'Filter by provider',
    all: 'All providers',
    options: plain(choices?.providers),
    testId: 'agent-provider',
  },
  {
    kind: 'select',
    name: 'model',
    label: 'Filter by model',
    all: 'All models',
    options: plain(choices?.models),
    testId: 'agent-model',
  },
  {
    kind: 'select',
    name: 'outcome',
    label: 'Filter by outcome',
    all: 'All outcomes',
    options: plain(TURN_OUTCOMES),
    testId: 'agent-outcome',
  },
  { kind: 'select', name: 'range', label: 'Time range', options: TURN_RANGES, testId: 'agent-range' },
];
