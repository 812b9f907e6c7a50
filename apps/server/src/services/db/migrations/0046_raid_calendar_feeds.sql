-- A member's iCalendar feed of raids (issue 31): one secret address per member, which a phone's calendar polls. Only
-- the token's SHA-256 is kept (a leaked table opens no feed); making a new address replaces the old one, and revoking
-- deletes it, so a stale link answers 404. The feed holds the raids of every guild the member can see.
CREATE TABLE raid_calendar_feeds (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When a calendar last fetched it: the member sees whether their subscription is alive.
  last_read_at timestamptz
);
