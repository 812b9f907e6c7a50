import { describe, expect, it } from 'vitest';
import { agentLogsFilters, agentLogsSearchParams, parseAgentLogsParams, sampleHref } from './agent-logs-params';

const TURN = '0b0c8c9e-8d5b-4a39-9a4e-6f1d2c3b4a59';

describe('Agent Logs URL state', () => {
  it('reads back what it writes, and drops defaults', () => {
    const state = parseAgentLogsParams(
      new URLSearchParams(`provider=openai&model=gpt-4o-mini&outcome=error&range=7d&search=raid&page=3&turn=${TURN}`),
    );
    expect(state).toEqual({
      page: 3,
      guildId: '',
      provider: 'openai',
      model: 'gpt-4o-mini',
      outcome: 'error',
      range: '7d',
      search: 'raid',
      turn: TURN,
    });
    expect(parseAgentLogsParams(agentLogsSearchParams(state))).toEqual(state);
    expect(agentLogsSearchParams(parseAgentLogsParams(new URLSearchParams())).toString()).toBe('');
  });

  it('ignores values the API would refuse', () => {
    const state = parseAgentLogsParams(new URLSearchParams('outcome=maybe&range=1y&page=-2&turn=abc&guildId=x'));
    expect(state).toMatchObject({ outcome: '', range: 'all', page: 1, turn: null, guildId: '' });
  });

  it('turns a range into a from bound to the minute', () => {
    const now = Date.UTC(2026, 10, 24, 14, 30, 45);
    const state = parseAgentLogsParams(new URLSearchParams('range=24h&provider=ollama'));
    expect(agentLogsFilters(state, now)).toEqual({
      guildId: undefined,
      provider: 'ollama',
      model: undefined,
      outcome: undefined,
      from: '2026-11-23T14:30:00.000Z',
      search: undefined,
    });
    expect(agentLogsFilters(parseAgentLogsParams(new URLSearchParams()), now).from).toBeUndefined();
  });

  it('links a sample to the Training Data screen', () => {
    expect(sampleHref('intent', TURN)).toBe(`/admin/training-data?type=intent&sample=${TURN}`);
  });
});
