import { describe, expect, it } from 'vitest';
import {
  BOT_DEFAULT_PERMISSIONS,
  botPermissionBits,
  discordAdminRight,
  GUILD_ADMIN_PERMISSIONS,
  GUILD_MEMBER_PERMISSIONS,
  guildPermissionsOf,
  guildPermissionsWithSources,
  isDiscordGuildAdmin,
} from './guild-permissions';

describe('guild permissions', () => {
  it('gives owners, Administrators and Manage Server holders the guild-admin set', () => {
    expect(isDiscordGuildAdmin({ isOwner: true, permissions: '0' })).toBe(true);
    expect(isDiscordGuildAdmin({ isOwner: false, permissions: '8' })).toBe(true);
    expect(isDiscordGuildAdmin({ isOwner: false, permissions: '32' })).toBe(true);
    expect(isDiscordGuildAdmin({ isOwner: false, permissions: '1024' })).toBe(false);
    expect(isDiscordGuildAdmin({ isOwner: false, permissions: 'not a number' })).toBe(false);
    expect(guildPermissionsOf({ isOwner: false, permissions: '40' }, [])).toEqual([...GUILD_ADMIN_PERMISSIONS]);
  });
  it('names the Discord right that makes a permission integer an admin', () => {
    expect(discordAdminRight('8')).toBe('Administrator');
    expect(discordAdminRight('40')).toBe('Administrator');
    expect(discordAdminRight('32')).toBe('Manage Server');
    expect(discordAdminRight('1099511627776')).toBeNull();
    expect(discordAdminRight('nonsense')).toBeNull();
  });
  it('gives plain members the member set plus their grants, and non-members only grants', () => {
    const member = guildPermissionsOf({ isOwner: false, permissions: '1024' }, ['loot.manage', 'made.up']);
    expect(member.sort()).toEqual([...GUILD_MEMBER_PERMISSIONS, 'loot.manage'].sort());
    expect(guildPermissionsOf(null, ['guild.view'])).toEqual(['guild.view']);
    expect(guildPermissionsOf(null, [])).toEqual([]);
  });
  it('computes invite bits from the least-privilege set by default', () => {
    // 64 + 1024 + 2048 + 16384 + 65536 + 2147483648
    expect(botPermissionBits()).toBe('2147568704');
    expect(botPermissionBits([...BOT_DEFAULT_PERMISSIONS])).toBe('2147568704');
    expect(botPermissionBits(['VIEW_CHANNEL', 'SEND_MESSAGES'])).toBe('3072');
  });
  it('lists each permission the sources give, in catalog order, with every source that gives it', () => {
    const held = guildPermissionsWithSources([
      { kind: 'member', label: 'Guild member', permissions: GUILD_MEMBER_PERMISSIONS },
      { kind: 'role', label: 'Role: Officer', permissions: ['guild.manage_members', 'guild.view'] },
      { kind: 'grant', label: 'Granted by owner', permissions: ['loot.manage', 'made.up'] },
    ]);
    expect(held.map((p) => p.permission)).toEqual([
      'guild.view',
      'guild.manage_members',
      'characters.link',
      'loot.manage',
      'settings.view',
    ]);
    expect(held[0]!.sources).toEqual([
      { kind: 'member', label: 'Guild member' },
      { kind: 'role', label: 'Role: Officer' },
    ]);
    expect(held.find((p) => p.permission === 'loot.manage')!.sources).toEqual([{ kind: 'grant', label: 'Granted by owner' }]);
    expect(guildPermissionsWithSources([])).toEqual([]);
  });
});
