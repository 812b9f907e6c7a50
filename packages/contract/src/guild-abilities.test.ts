import { describe, expect, it } from 'vitest';
import { canInGuild } from './guild-abilities';
import { GUILD_ADMIN_PERMISSIONS, GUILD_MEMBER_PERMISSIONS } from './guild-permissions';

describe('community abilities', () => {
  it("answers each ability from the guild permissions held: an officer's, not a plain member's", () => {
    expect(canInGuild(GUILD_MEMBER_PERMISSIONS, 'manageDataSources')).toBe(false);
    expect(canInGuild(GUILD_MEMBER_PERMISSIONS, 'inviteMembers')).toBe(false);
    expect(canInGuild(GUILD_ADMIN_PERMISSIONS, 'manageDataSources')).toBe(true);
    expect(canInGuild(['characters.manage'], 'manageDataSources')).toBe(true);
    expect(canInGuild(['guild.manage_members'], 'inviteMembers')).toBe(true);
    expect(canInGuild([], 'inviteMembers')).toBe(false);
  });
});
