// Who plays which character in a guild: the one statement every attendance path reads it from.

/**
 * Each member's characters in the guild (`guild` is the caller's placeholder): every character_links row of the guild
 * on a character of the guild, however the link was made (by hand, by the matcher, or claimed through a verified
 * Battle.net account: a claim is a link like any other). Taking attendance, a member's own rate, the officers' and the
 * roster's rates, role sync's attendance rule and the characters a member signs up with all read it, so a character
 * counts for its member on every one of them or on none. Columns: member_id, character_id, is_primary, linked_at.
 */
export const memberCharactersSql = (guild: string) => `
  SELECT l.discord_member_id AS member_id, l.character_id, l.is_primary, l.linked_at
    FROM character_links l JOIN characters c ON c.id = l.character_id AND c.guild_id = l.guild_id
   WHERE l.guild_id = ${guild}`;

/**
 * The id of a community user's current member row in the guild (`guild` and `user` are the caller's placeholders):
 * their Discord account's row, not left; at most one (UNIQUE (guild_id, discord_user_id)).
 */
export const memberOfUserSql = (guild: string, user: string) => `
  SELECT m.id FROM users u
    JOIN discord_members m ON m.discord_user_id = u.discord_id AND m.guild_id = ${guild} AND m.left_at IS NULL
   WHERE u.id = ${user}`;
