import { describe, expect, it } from 'vitest';
import { byGuildName, type SelectedGuild } from './selected-guilds';

describe('byGuildName', () => {
  it('orders by name, then server and region, without changing the input', () => {
    const guilds: SelectedGuild[] = [
      { id: '1', guild_name: 'Zephyr', server: 'Area 52', region: 'US' },
      { id: '2', guild_name: 'Ashen Dawn', server: 'Silvermoon', region: 'EU' },
      { id: '3', guild_name: 'Ashen Dawn', server: 'Draenor', region: 'EU' },
    ];
    expect(byGuildName(guilds).map((guild) => guild.id)).toEqual(['3', '2', '1']);
    expect(guilds[0]!.id).toBe('1');
  });
});
