import { describe, expect, it } from 'vitest';
import {
  BOT_DEFAULT_PERMISSIONS,
  botPermissionBits,
  GUILD_ADMIN_PERMISSIONS,
  GUILD_MEMBER_PERMISSIONS,
  guildPermissionsOf,
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
});
