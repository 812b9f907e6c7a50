import type { UserGuild } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { type GuildListAnswer, planGuildState } from './guild-state';

const guild = (id: string, hasBot: boolean): UserGuild => ({
  id,
  name: `Guild ${id}`,
  iconUrl: null,
  isOwner: false,
  hasBot,
  canInstall: false,
  tenantId: hasBot ? `t-${id}` : null,
});

function answer(ids: string[], withBot: string[], selectedGuildId: string | null): GuildListAnswer {
  const guilds = ids.map((id) => guild(id, withBot.includes(id)));
  return { guilds, availableGuilds: guilds.filter((g) => g.hasBot), selectedGuildId, botStatus: 'single' };
}

describe('planGuildState', () => {
  it('keeps the server selection', () => {
    const plan = planGuildState(answer(['a', 'b'], ['a', 'b'], 'b'), 'a');
    expect(plan.state).toMatchObject({ botStatus: 'multiple', selectedGuildId: 'b', requiresGuildSelection: false });
    expect(plan.selectOnServer).toBeNull();
  });

  it('restores the remembered guild the server does not hold, and tells the server', () => {
    const plan = planGuildState(answer(['a', 'b'], ['a', 'b'], null), 'b');
    expect(plan.state.selectedGuildId).toBe('b');
    expect(plan.selectOnServer).toBe('b');
  });

  it('drops a remembered guild that is not available and selects the first available', () => {
    const plan = planGuildState(answer(['a', 'b', 'c'], ['a', 'b'], null), 'c');
    expect(plan.state).toMatchObject({ selectedGuildId: 'a', requiresGuildSelection: false });
    expect(plan.selectOnServer).toBe('a');
  });

  it('asks for a choice among several when nothing is remembered', () => {
    const plan = planGuildState(answer(['a', 'b'], ['a', 'b'], null), null);
    expect(plan.state).toMatchObject({ botStatus: 'multiple', selectedGuildId: null, requiresGuildSelection: true });
    expect(plan.selectOnServer).toBeNull();
  });

  it('selects a single guild automatically', () => {
    const plan = planGuildState(answer(['a', 'b'], ['b'], null), null);
    expect(plan.state).toMatchObject({ botStatus: 'single', selectedGuildId: 'b', requiresGuildSelection: false });
    expect(plan.selectOnServer).toBe('b');
  });

  it('needs the bot installed when no guild has it', () => {
    const plan = planGuildState(answer(['a', 'b'], [], null), 'a');
    expect(plan.state).toMatchObject({ botStatus: 'none', selectedGuildId: null, requiresGuildSelection: true });
    expect(plan.selectOnServer).toBeNull();
  });

  it('waits out a Discord outage: nothing selectable, the remembered guild kept', () => {
    const plan = planGuildState({ ...answer(['a', 'b'], [], 'a'), botStatus: 'unknown' }, 'a');
    expect(plan.state).toMatchObject({ botStatus: 'unknown', selectedGuildId: null, requiresGuildSelection: true });
    expect(plan).toMatchObject({ selectOnServer: null, keepStored: true });
  });
});
