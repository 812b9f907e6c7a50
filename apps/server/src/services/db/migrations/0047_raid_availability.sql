-- A member's standing availability in a guild (issue 31): the weekdays they raid (with the character, role and spec
-- they come as) and their absences from a date to a date. They answer new raids for the member, and an absence the
-- raids it covers that the member has not answered; such an answer is marked, so the calendar and the composition board
-- say "answered by your availability", and an explicit answer (which clears the mark) always wins over it. Weekdays and
-- dates are read in the time zone the member set them in.
CREATE TABLE raid_availability (
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  weekdays smallint[] NOT NULL CHECK (cardinality(weekdays) BETWEEN 1 AND 7 AND weekdays <@ ARRAY[0, 1, 2, 3, 4, 5, 6]::smallint[]),
  character_id uuid REFERENCES characters (id) ON DELETE SET NULL,
  role text NOT NULL CHECK (role IN ('tank', 'healer', 'melee', 'ranged')),
  spec text CHECK (spec IS NULL OR char_length(spec) BETWEEN 1 AND 40),
  time_zone text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE raid_absences (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  first_date date NOT NULL,
  last_date date NOT NULL,
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 200),
  time_zone text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (last_date >= first_date)
);
-- A member's absences in a guild, and the absences of a guild a new raid falls in (both lead with the guild).
CREATE INDEX raid_absences_guild_user_idx ON raid_absences (guild_id, user_id, first_date);
CREATE INDEX raid_absences_guild_last_idx ON raid_absences (guild_id, last_date);

ALTER TABLE raid_signups ADD COLUMN by_availability boolean NOT NULL DEFAULT false;
