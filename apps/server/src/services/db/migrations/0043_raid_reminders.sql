-- Reminders to members who have not answered a raid (issue 31). Each of the guild's reminder times (the Raids setting
-- reminderTimes, before sign-ups close) runs once per raid: raid_reminder_runs holds the runs made, so a scan on another
-- process, or the same one again, finds it done. raid_reminders holds who was reminded, how and when: once per member,
-- channel and reminder (its key), which officers read beside who answered since. A member turns each channel off.
ALTER TABLE users
  ADD COLUMN raid_reminders_by_email boolean NOT NULL DEFAULT true,
  ADD COLUMN raid_reminders_by_discord boolean NOT NULL DEFAULT true;

CREATE TABLE raid_reminder_runs (
  raid_event_id uuid NOT NULL REFERENCES raid_events (id) ON DELETE CASCADE,
  reminder text NOT NULL CHECK (reminder ~ '^[1-9][0-9]{0,3}[mhd]$'),
  ran_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (raid_event_id, reminder)
);

CREATE TABLE raid_reminders (
  raid_event_id uuid NOT NULL REFERENCES raid_events (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('email', 'discord')),
  reminder text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (raid_event_id, user_id, channel, reminder)
);
CREATE INDEX raid_reminders_user_idx ON raid_reminders (user_id);

-- The scan's candidates: raids not cancelled whose sign-ups close soon, by when they close.
CREATE INDEX raid_events_signups_close_idx ON raid_events ((COALESCE(signup_deadline, starts_at))) WHERE cancelled_at IS NULL;
