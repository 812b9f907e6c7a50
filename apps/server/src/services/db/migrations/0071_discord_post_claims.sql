-- Raid posts with several app processes (issue 33): a raid is posted once, whichever process comes to it first (a
-- claim taken before the message is sent; a claim left by a process that died is taken over after a while), and a
-- post is edited at most once per DISCORD_POST_EDIT_INTERVAL_MS by all processes together (next_edit_at: the edit
-- slot a process claims before it edits).
CREATE TABLE discord_raid_post_claims (
  raid_event_id uuid PRIMARY KEY REFERENCES raid_events (id) ON DELETE CASCADE,
  claimed_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE discord_raid_posts ADD COLUMN next_edit_at timestamptz;
