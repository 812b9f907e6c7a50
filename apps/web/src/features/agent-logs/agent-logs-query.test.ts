import { describe, expect, it } from 'vitest';
import { parseUrlQuery } from '../../ui/use-url-query';
import { agentLogsFilters, agentLogsQuery, hasAgentLogsFilters, sampleHref } from './agent-logs-query';

const TURN = '0b0c8c9e-8d5b-4a39-9a4e-6f1d2c3b4a59';
const read = (search: string) => parseUrlQuery(agentLogsQuery, new URLSearchParams(search));

describe('Agent Logs URL state', () => {
  it('reads the filters, range, page and open turn', () => {
    expect(read(`provider=openai&model=gpt-4o-mini&outcome=error&range=7d&search=raid&page=3&limit=100&turn=${TURN}`)).toEqual({
      page: 3,
      limit: 100,
      provider: 'openai',
      model: 'gpt-4o-mini',
      outcome: 'error',
      range: '7d',
      search: 'raid',
      turn: TURN,
    });
  });

  it('ignores values the API would refuse', () => {
    expect(read('outcome=maybe&range=1y&page=-2&turn=abc&guildId=x')).toEqual({ page: 1, limit: 25, range: 'all' });
  });

  it('counts the range as a filter, not the page or the open turn', () => {
    expect(hasAgentLogsFilters(read(`page=2&turn=${TURN}`))).toBe(false);
    expect(hasAgentLogsFilters(read('range=24h'))).toBe(true);
  });

  it('turns a range into a from bound to the minute', () => {
    const now = Date.UTC(2026, 10, 24, 14, 30, 45);
    expect(agentLogsFilters(read('range=24h&provider=ollama'), now)).toEqual({
      guildId: undefined,
      provider: 'ollama',
      model: undefined,
      outcome: undefined,
      from: '2026-11-23T14:30:00.000Z',
      search: undefined,
    });
    expect(agentLogsFilters(read(''), now).from).toBeUndefined();
  });

  it('links a sample to the Training Data screen', () => {
    expect(sampleHref('intent', TURN)).toBe(`/admin/training-data?type=intent&sample=${TURN}`);
  });
});
