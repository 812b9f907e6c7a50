-- The roster (issue 31): officers mark members as trials or inactive (an inactive member is no longer expected at
-- raids, so attendance does not record them absent), and the roster lists a guild's characters filtered and sorted in
-- SQL. A member's main is character_links.is_primary (0002), kept in step with its priority.
CREATE TABLE roster_marks (
  discord_member_id uuid PRIMARY KEY REFERENCES discord_members (id) ON DELETE CASCADE,
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  is_trial boolean NOT NULL DEFAULT false,
  is_inactive boolean NOT NULL DEFAULT false,
  marked_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  marked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX roster_marks_guild_idx ON roster_marks (guild_id);
CREATE INDEX roster_marks_marked_by_idx ON roster_marks (marked_by_user_id) WHERE marked_by_user_id IS NOT NULL;

-- The roster's sorts within a guild (name is characters_guild_name_idx of 0002), each with the name as tie-break.
CREATE INDEX characters_guild_class_idx ON characters (guild_id, class, lower(name), id);
CREATE INDEX characters_guild_item_level_idx ON characters (guild_id, item_level, lower(name), id);
CREATE INDEX characters_guild_rank_idx ON characters (guild_id, guild_rank, lower(name), id);
CREATE INDEX characters_guild_last_activity_idx ON characters (guild_id, last_activity_at, lower(name), id);
