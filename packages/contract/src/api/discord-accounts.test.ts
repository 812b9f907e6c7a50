import { describe, expect, it } from 'vitest';
import { DISCORD_ACCOUNT_PAGE, discordUserListQuery, visibleDiscriminator } from './discord-accounts';

describe('the Discord accounts contract', () => {
  it("hides the discriminator of Discord's new usernames ('0') and an unknown one", () => {
    expect(visibleDiscriminator('0')).toBeNull();
    expect(visibleDiscriminator(null)).toBeNull();
    expect(visibleDiscriminator(undefined)).toBeNull();
    expect(visibleDiscriminator('1234')).toBe('1234');
  });

  it('fills in the list defaults and refuses a page larger than the most', () => {
    expect(discordUserListQuery.parse({})).toEqual({
      page: 1,
      limit: DISCORD_ACCOUNT_PAGE.size,
      filter: 'all',
      sortBy: 'displayName',
      sortOrder: 'asc',
    });
    expect(discordUserListQuery.safeParse({ limit: DISCORD_ACCOUNT_PAGE.maxSize + 1 }).success).toBe(false);
  });
});
