-- The composition board of a raid (issue 31): officers place the members who answered in a seat of a role or on the
-- bench; an answer not placed waits on the waitlist. The board has its own version, so a seat change never makes an
-- officer's open edit form stale (and the other way round), and two officers moving seats at once see a conflict
-- rather than losing a move. It is published (and locked) at a time the officer sets; members see it from then on.
ALTER TABLE raid_events
  ADD COLUMN composition_version integer NOT NULL DEFAULT 1 CHECK (composition_version >= 1),
  ADD COLUMN composition_publish_at timestamptz;

-- One place per answer: withdrawing the answer takes the member off the board (the foreign key's cascade).
CREATE TABLE raid_placements (
  raid_event_id uuid NOT NULL,
  user_id uuid NOT NULL,
  slot text NOT NULL CHECK (slot IN ('tank', 'healer', 'melee', 'ranged', 'bench')),
  placed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (raid_event_id, user_id),
  FOREIGN KEY (raid_event_id, user_id) REFERENCES raid_signups (raid_event_id, user_id) ON DELETE CASCADE
);
-- "Benched how often in recent weeks": a member's bench places, joined to the raids' starts.
CREATE INDEX raid_placements_bench_idx ON raid_placements (user_id, raid_event_id) WHERE slot = 'bench';
