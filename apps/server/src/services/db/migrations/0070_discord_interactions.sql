-- Guildhall in Discord (issue 33): the interactions already received (a replayed one is refused), the raid posts the
-- bot keeps current in a guild's raid channel, the reminders it sent by direct message, and members whose direct
-- messages are closed to the bot (Discord's 50007), so they are not tried again and again.

-- Interaction ids are Discord snowflakes, unique per interaction; rows older than the signature window are removed.
CREATE TABLE discord_interactions (
  id text PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX discord_interactions_received_idx ON discord_interactions (received_at);

-- One post per raid: where it is, and when it was last brought up to date.
CREATE TABLE discord_raid_posts (
  raid_event_id uuid PRIMARY KEY REFERENCES raid_events (id) ON DELETE CASCADE,
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  channel_id text NOT NULL,
  message_id text NOT NULL,
  posted_at timestamptz NOT NULL DEFAULT now(),
  edited_at timestamptz,
  edit_count integer NOT NULL DEFAULT 0,
  -- When the members who had not answered were reminded (once per raid).
  reminded_at timestamptz
);
CREATE INDEX discord_raid_posts_guild_idx ON discord_raid_posts (guild_id);

-- A reminder per Discord member and raid, at most once: sent, or refused because their direct messages are closed.
CREATE TABLE discord_reminders (
  raid_event_id uuid NOT NULL REFERENCES raid_events (id) ON DELETE CASCADE,
  discord_user_id text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('sent', 'dm_closed')),
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (raid_event_id, discord_user_id)
);

ALTER TABLE discord_members ADD COLUMN dm_closed_at timestamptz;
