-- Raid planning on the community side (issue 31): templates officers plan from, weekly series, what a planned raid
-- carries (leader, size, seats per role, sign-up deadline, notes, who made it, its cancellation, a version for
-- optimistic concurrency), and the members' sign-ups. Every time is a timestamptz (UTC); a series keeps the guild's
-- time zone and the wall-clock start it was made with, so its raids keep their local start across a daylight-saving
-- change. The analytics triggers of 0019 on raid_events and raid_attendance are untouched: planning writes raid_events
-- rows as any source does, and never raid_attendance.

-- What officers plan raids from: instance, difficulty, size and seats, the usual start and length, the deadline.
CREATE TABLE raid_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
  instance text NOT NULL CHECK (char_length(instance) BETWEEN 1 AND 80),
  difficulty text NOT NULL,
  size smallint NOT NULL CHECK (size BETWEEN 1 AND 40),
  tanks smallint NOT NULL DEFAULT 0 CHECK (tanks >= 0),
  healers smallint NOT NULL DEFAULT 0 CHECK (healers >= 0),
  melee smallint NOT NULL DEFAULT 0 CHECK (melee >= 0),
  ranged smallint NOT NULL DEFAULT 0 CHECK (ranged >= 0),
  -- The usual start in the guild's time zone ('20:00') and length; a series made from the template starts from them.
  start_time text NOT NULL DEFAULT '20:00' CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  duration_minutes smallint NOT NULL DEFAULT 180 CHECK (duration_minutes BETWEEN 15 AND 1440),
  -- How long before the start sign-ups close (0: at the start).
  signup_deadline_minutes integer NOT NULL DEFAULT 0 CHECK (signup_deadline_minutes BETWEEN 0 AND 20160),
  notes text NOT NULL DEFAULT '' CHECK (char_length(notes) <= 2000),
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (tanks + healers + melee + ranged <= size)
);
CREATE UNIQUE INDEX raid_templates_guild_name_idx ON raid_templates (guild_id, lower(name));

-- A weekly series: on the chosen weekdays (0 Sunday … 6 Saturday) at a wall-clock time of its time zone, from a first
-- date until a last date or for a number of raids. Its raids are rows of raid_events with its id.
CREATE TABLE raid_series (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  template_id uuid REFERENCES raid_templates (id) ON DELETE SET NULL,
  weekdays smallint[] NOT NULL CHECK (cardinality(weekdays) BETWEEN 1 AND 7 AND weekdays <@ ARRAY[0, 1, 2, 3, 4, 5, 6]::smallint[]),
  start_time text NOT NULL CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  time_zone text NOT NULL,
  first_date date NOT NULL,
  until_date date,
  occurrence_count smallint CHECK (occurrence_count >= 1),
  created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((until_date IS NULL) <> (occurrence_count IS NULL)),
  CHECK (until_date IS NULL OR until_date >= first_date)
);
CREATE INDEX raid_series_guild_idx ON raid_series (guild_id);

-- What a planned raid carries. Rows from other sources (the demo seed, imports) take the defaults: 20 seats, no seats
-- by role, no deadline (sign-ups close at the start), version 1.
ALTER TABLE raid_events
  ADD COLUMN leader_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN size smallint NOT NULL DEFAULT 20 CHECK (size BETWEEN 1 AND 40),
  ADD COLUMN tanks smallint NOT NULL DEFAULT 0 CHECK (tanks >= 0),
  ADD COLUMN healers smallint NOT NULL DEFAULT 0 CHECK (healers >= 0),
  ADD COLUMN melee smallint NOT NULL DEFAULT 0 CHECK (melee >= 0),
  ADD COLUMN ranged smallint NOT NULL DEFAULT 0 CHECK (ranged >= 0),
  ADD COLUMN signup_deadline timestamptz,
  ADD COLUMN notes text NOT NULL DEFAULT '' CHECK (char_length(notes) <= 2000),
  ADD COLUMN created_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN cancelled_at timestamptz,
  ADD COLUMN cancel_reason text CHECK (cancel_reason IS NULL OR char_length(cancel_reason) <= 500),
  ADD COLUMN series_id uuid REFERENCES raid_series (id) ON DELETE SET NULL,
  ADD COLUMN template_id uuid REFERENCES raid_templates (id) ON DELETE SET NULL,
  ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT raid_events_seats_fit CHECK (tanks + healers + melee + ranged <= size),
  ADD CONSTRAINT raid_events_deadline_before_start CHECK (signup_deadline IS NULL OR signup_deadline <= starts_at),
  ADD CONSTRAINT raid_events_cancel_reason CHECK ((cancelled_at IS NULL) = (cancel_reason IS NULL));
-- The calendar's month query, (guild_id, starts_at) in a range, is raid_events_guild_starts_idx of 0002 (a B-tree
-- scans either way). A series edit ("this and following", "all") walks a series' raids by start.
CREATE INDEX raid_events_series_starts_idx ON raid_events (series_id, starts_at) WHERE series_id IS NOT NULL;

-- One answer per member per raid; answering again changes it. The member is the community user; the character is
-- one linked to them in the raid's guild when they name one.
CREATE TABLE raid_signups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  raid_event_id uuid NOT NULL REFERENCES raid_events (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('accept', 'tentative', 'late', 'bench', 'absent')),
  late_minutes smallint CHECK (late_minutes BETWEEN 1 AND 600),
  character_id uuid REFERENCES characters (id) ON DELETE SET NULL,
  role text CHECK (role IN ('tank', 'healer', 'melee', 'ranged')),
  spec text CHECK (spec IS NULL OR char_length(spec) BETWEEN 1 AND 40),
  comment text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'late') = (late_minutes IS NOT NULL)),
  -- The sign-ups of a raid, and one per member: the upsert's conflict target.
  UNIQUE (raid_event_id, user_id)
);
-- A member's own answers across raids (the calendar's "your answer" joins on the raid first; this serves the user's
-- deletion cascade and their own history).
CREATE INDEX raid_signups_user_idx ON raid_signups (user_id);
CREATE INDEX raid_signups_character_idx ON raid_signups (character_id) WHERE character_id IS NOT NULL;
