-- Attendance on the community side (issue 31): after a raid, attendance comes from the sign-ups and the composition,
-- from a Warcraft Logs report where the guild imported one, and from an officer's correction, all in the one
-- raid_attendance record of 0002 (one row per character and raid). A row says where it came from: 'signups' rows are
-- made again each time attendance is taken; 'report' rows are the presence a report recorded (it wins over the
-- sign-ups); 'import' rows are those of other writers before this migration (the demo seed, imports); 'officer' rows
-- are corrections, which nothing but another correction changes. The statuses grow from present/late/absent to a raid
-- leader's five: 'absent' keeps its meaning (not there, no notice), and 'benched' and 'absent_notice' are new.
ALTER TABLE raid_attendance DROP CONSTRAINT raid_attendance_status_check;
ALTER TABLE raid_attendance
  ADD CONSTRAINT raid_attendance_status_check CHECK (status IN ('present', 'late', 'benched', 'absent_notice', 'absent')),
  ADD COLUMN source text NOT NULL DEFAULT 'import' CHECK (source IN ('signups', 'report', 'import', 'officer')),
  ADD COLUMN recorded_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN corrected_by_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN corrected_by_name text,
  ADD COLUMN corrected_at timestamptz,
  ADD CONSTRAINT raid_attendance_corrected CHECK ((source = 'officer') = (corrected_at IS NOT NULL));
-- The SET NULL of a deleted officer's account.
CREATE INDEX raid_attendance_corrected_by_idx ON raid_attendance (corrected_by_user_id) WHERE corrected_by_user_id IS NOT NULL;

-- When the sign-ups and composition were last turned into attendance; null: not yet (or a report came in since).
ALTER TABLE raid_events ADD COLUMN attendance_taken_at timestamptz;
-- The attendance scan's candidates: raids planned in Guildhall, not cancelled, not taken yet, by start.
CREATE INDEX raid_events_attendance_due_idx ON raid_events (starts_at)
  WHERE attendance_taken_at IS NULL AND cancelled_at IS NULL AND created_by_user_id IS NOT NULL;

-- The analytics rollups of 0019 count a raid's attendance rows and those who came. "Came" was "not absent"; with the
-- new statuses it is present or late, as the rollup always described it (benched and absent with notice did not
-- come). Existing rows hold only present, late and absent, so the rollups already stored stay right.
CREATE OR REPLACE FUNCTION analytics_attendance_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_raids a SET attendance_total = a.attendance_total + n.total,
                               attendance_came = a.attendance_came + n.came
    FROM (SELECT raid_event_id, count(*)::int AS total, (count(*) FILTER (WHERE status IN ('present', 'late')))::int AS came
            FROM analytics_new_attendance GROUP BY 1) n
   WHERE a.raid_event_id = n.raid_event_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION analytics_attendance_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- When the raid itself is being deleted its row is gone already: nothing to update.
  UPDATE analytics_raids a SET attendance_total = a.attendance_total - o.total,
                               attendance_came = a.attendance_came - o.came
    FROM (SELECT raid_event_id, count(*)::int AS total, (count(*) FILTER (WHERE status IN ('present', 'late')))::int AS came
            FROM analytics_old_attendance GROUP BY 1) o
   WHERE a.raid_event_id = o.raid_event_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION analytics_attendance_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_raids a SET attendance_total = a.attendance_total - o.total,
                               attendance_came = a.attendance_came - o.came
    FROM (SELECT raid_event_id, count(*)::int AS total, (count(*) FILTER (WHERE status IN ('present', 'late')))::int AS came
            FROM analytics_old_attendance GROUP BY 1) o
   WHERE a.raid_event_id = o.raid_event_id;
  UPDATE analytics_raids a SET attendance_total = a.attendance_total + n.total,
                               attendance_came = a.attendance_came + n.came
    FROM (SELECT raid_event_id, count(*)::int AS total, (count(*) FILTER (WHERE status IN ('present', 'late')))::int AS came
            FROM analytics_new_attendance GROUP BY 1) n
   WHERE a.raid_event_id = n.raid_event_id;
  RETURN NULL;
END $$;
