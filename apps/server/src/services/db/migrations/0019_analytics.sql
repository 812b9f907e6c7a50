-- Analytics (issue 17): rollups kept up to date by triggers, so the platform charts read thousands of rows instead
-- of millions, plus the indexes the sign-in, sign-up and linking figures read on. Days are UTC days.

-- Loot items per guild and UTC day, maintained from loot_entries by statement-level triggers (one upsert per
-- statement, however many rows it wrote).
CREATE TABLE analytics_loot_days (
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  day date NOT NULL,
  items integer NOT NULL DEFAULT 0,
  PRIMARY KEY (guild_id, day)
);
CREATE INDEX analytics_loot_days_day_idx ON analytics_loot_days (day, guild_id) INCLUDE (items);

-- The same items per region, loot system and day (6 x 4 x 365 rows a year): the platform and region charts read this,
-- not one row per guild and day. Guild settings changing move a guild's items between rows (trigger on guilds).
CREATE TABLE analytics_loot_scope_days (
  region text NOT NULL,
  loot_system text NOT NULL,
  day date NOT NULL,
  items integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, region, loot_system)
);

-- One row per raid: its guild and start, and how many attendance rows it has and how many of them came
-- (present or late). Created with the raid, counted from raid_attendance by triggers.
CREATE TABLE analytics_raids (
  raid_event_id uuid PRIMARY KEY REFERENCES raid_events (id) ON DELETE CASCADE,
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  starts_at timestamptz NOT NULL,
  attendance_total integer NOT NULL DEFAULT 0,
  attendance_came integer NOT NULL DEFAULT 0
);
CREATE INDEX analytics_raids_starts_idx ON analytics_raids (starts_at)
  INCLUDE (guild_id, attendance_total, attendance_came);
CREATE INDEX analytics_raids_guild_starts_idx ON analytics_raids (guild_id, starts_at)
  INCLUDE (attendance_total, attendance_came);

CREATE FUNCTION analytics_loot_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_loot_days AS d (guild_id, day, items)
  SELECT n.guild_id, (n.awarded_at AT TIME ZONE 'UTC')::date, count(*)::int FROM analytics_new_loot n GROUP BY 1, 2
  ON CONFLICT (guild_id, day) DO UPDATE SET items = d.items + excluded.items;
  INSERT INTO analytics_loot_scope_days AS d (region, loot_system, day, items)
  SELECT g.region, g.loot_system, (n.awarded_at AT TIME ZONE 'UTC')::date, count(*)::int
    FROM analytics_new_loot n JOIN guilds g ON g.id = n.guild_id GROUP BY 1, 2, 3
  ON CONFLICT (day, region, loot_system) DO UPDATE SET items = d.items + excluded.items;
  RETURN NULL;
END $$;

CREATE FUNCTION analytics_loot_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_loot_days d SET items = d.items - o.items
    FROM (SELECT guild_id, (awarded_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS items
            FROM analytics_old_loot GROUP BY 1, 2) o
   WHERE d.guild_id = o.guild_id AND d.day = o.day;
  UPDATE analytics_loot_scope_days d SET items = d.items - o.items
    FROM (SELECT g.region, g.loot_system, (l.awarded_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS items
            FROM analytics_old_loot l JOIN guilds g ON g.id = l.guild_id GROUP BY 1, 2, 3) o
   WHERE d.region = o.region AND d.loot_system = o.loot_system AND d.day = o.day;
  RETURN NULL;
END $$;

CREATE FUNCTION analytics_loot_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_loot_days d SET items = d.items - o.items
    FROM (SELECT guild_id, (awarded_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS items
            FROM analytics_old_loot GROUP BY 1, 2) o
   WHERE d.guild_id = o.guild_id AND d.day = o.day;
  UPDATE analytics_loot_scope_days d SET items = d.items - o.items
    FROM (SELECT g.region, g.loot_system, (l.awarded_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS items
            FROM analytics_old_loot l JOIN guilds g ON g.id = l.guild_id GROUP BY 1, 2, 3) o
   WHERE d.region = o.region AND d.loot_system = o.loot_system AND d.day = o.day;
  INSERT INTO analytics_loot_days AS d (guild_id, day, items)
  SELECT n.guild_id, (n.awarded_at AT TIME ZONE 'UTC')::date, count(*)::int FROM analytics_new_loot n GROUP BY 1, 2
  ON CONFLICT (guild_id, day) DO UPDATE SET items = d.items + excluded.items;
  INSERT INTO analytics_loot_scope_days AS d (region, loot_system, day, items)
  SELECT g.region, g.loot_system, (n.awarded_at AT TIME ZONE 'UTC')::date, count(*)::int
    FROM analytics_new_loot n JOIN guilds g ON g.id = n.guild_id GROUP BY 1, 2, 3
  ON CONFLICT (day, region, loot_system) DO UPDATE SET items = d.items + excluded.items;
  RETURN NULL;
END $$;

CREATE TRIGGER analytics_loot_insert AFTER INSERT ON loot_entries
  REFERENCING NEW TABLE AS analytics_new_loot FOR EACH STATEMENT EXECUTE FUNCTION analytics_loot_add();
CREATE TRIGGER analytics_loot_delete AFTER DELETE ON loot_entries
  REFERENCING OLD TABLE AS analytics_old_loot FOR EACH STATEMENT EXECUTE FUNCTION analytics_loot_remove();
CREATE TRIGGER analytics_loot_update AFTER UPDATE ON loot_entries
  REFERENCING OLD TABLE AS analytics_old_loot NEW TABLE AS analytics_new_loot
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_loot_move();

CREATE FUNCTION analytics_raid_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_raids (raid_event_id, guild_id, starts_at)
  SELECT id, guild_id, starts_at FROM analytics_new_raids
  ON CONFLICT (raid_event_id) DO NOTHING;
  RETURN NULL;
END $$;

CREATE FUNCTION analytics_raid_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_raids a SET guild_id = n.guild_id, starts_at = n.starts_at
    FROM analytics_new_raids n
   WHERE a.raid_event_id = n.id AND (a.guild_id, a.starts_at) IS DISTINCT FROM (n.guild_id, n.starts_at);
  RETURN NULL;
END $$;

CREATE TRIGGER analytics_raid_insert AFTER INSERT ON raid_events
  REFERENCING NEW TABLE AS analytics_new_raids FOR EACH STATEMENT EXECUTE FUNCTION analytics_raid_add();
CREATE TRIGGER analytics_raid_update AFTER UPDATE ON raid_events
  REFERENCING NEW TABLE AS analytics_new_raids FOR EACH STATEMENT EXECUTE FUNCTION analytics_raid_move();
-- A deleted raid takes its analytics_raids row with it (ON DELETE CASCADE).

CREATE FUNCTION analytics_attendance_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_raids a SET attendance_total = a.attendance_total + n.total,
                               attendance_came = a.attendance_came + n.came
    FROM (SELECT raid_event_id, count(*)::int AS total, (count(*) FILTER (WHERE status <> 'absent'))::int AS came
            FROM analytics_new_attendance GROUP BY 1) n
   WHERE a.raid_event_id = n.raid_event_id;
  RETURN NULL;
END $$;

CREATE FUNCTION analytics_attendance_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- When the raid itself is being deleted its row is gone already: nothing to update.
  UPDATE analytics_raids a SET attendance_total = a.attendance_total - o.total,
                               attendance_came = a.attendance_came - o.came
    FROM (SELECT raid_event_id, count(*)::int AS total, (count(*) FILTER (WHERE status <> 'absent'))::int AS came
            FROM analytics_old_attendance GROUP BY 1) o
   WHERE a.raid_event_id = o.raid_event_id;
  RETURN NULL;
END $$;

CREATE FUNCTION analytics_attendance_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_raids a SET attendance_total = a.attendance_total - o.total,
                               attendance_came = a.attendance_came - o.came
    FROM (SELECT raid_event_id, count(*)::int AS total, (count(*) FILTER (WHERE status <> 'absent'))::int AS came
            FROM analytics_old_attendance GROUP BY 1) o
   WHERE a.raid_event_id = o.raid_event_id;
  UPDATE analytics_raids a SET attendance_total = a.attendance_total + n.total,
                               attendance_came = a.attendance_came + n.came
    FROM (SELECT raid_event_id, count(*)::int AS total, (count(*) FILTER (WHERE status <> 'absent'))::int AS came
            FROM analytics_new_attendance GROUP BY 1) n
   WHERE a.raid_event_id = n.raid_event_id;
  RETURN NULL;
END $$;

CREATE TRIGGER analytics_attendance_insert AFTER INSERT ON raid_attendance
  REFERENCING NEW TABLE AS analytics_new_attendance FOR EACH STATEMENT EXECUTE FUNCTION analytics_attendance_add();
CREATE TRIGGER analytics_attendance_delete AFTER DELETE ON raid_attendance
  REFERENCING OLD TABLE AS analytics_old_attendance FOR EACH STATEMENT EXECUTE FUNCTION analytics_attendance_remove();
CREATE TRIGGER analytics_attendance_update AFTER UPDATE ON raid_attendance
  REFERENCING OLD TABLE AS analytics_old_attendance NEW TABLE AS analytics_new_attendance
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_attendance_move();

-- A guild moving to another region or loot system takes its items with it. A deleted guild's items come off the scope
-- rows before it goes: its loot's cascade runs once the guild row is gone, when the loot trigger no longer finds it.
CREATE FUNCTION analytics_guild_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.region, NEW.loot_system) IS NOT DISTINCT FROM (OLD.region, OLD.loot_system) THEN
    RETURN NULL;
  END IF;
  UPDATE analytics_loot_scope_days d SET items = d.items - l.items
    FROM analytics_loot_days l
   WHERE l.guild_id = OLD.id AND d.day = l.day AND d.region = OLD.region AND d.loot_system = OLD.loot_system;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO analytics_loot_scope_days AS d (region, loot_system, day, items)
    SELECT NEW.region, NEW.loot_system, l.day, l.items FROM analytics_loot_days l WHERE l.guild_id = NEW.id
    ON CONFLICT (day, region, loot_system) DO UPDATE SET items = d.items + excluded.items;
  END IF;
  -- The BEFORE DELETE trigger must hand the row back, or the delete would be skipped.
  RETURN OLD;
END $$;
CREATE TRIGGER analytics_guild_update AFTER UPDATE OF region, loot_system ON guilds
  FOR EACH ROW EXECUTE FUNCTION analytics_guild_move();
CREATE TRIGGER analytics_guild_delete BEFORE DELETE ON guilds
  FOR EACH ROW EXECUTE FUNCTION analytics_guild_move();

-- The rollups of the data already there.
INSERT INTO analytics_loot_days (guild_id, day, items)
SELECT guild_id, (awarded_at AT TIME ZONE 'UTC')::date, count(*)::int FROM loot_entries GROUP BY 1, 2;
INSERT INTO analytics_loot_scope_days (region, loot_system, day, items)
SELECT g.region, g.loot_system, l.day, sum(l.items)::int FROM analytics_loot_days l JOIN guilds g ON g.id = l.guild_id GROUP BY 1, 2, 3;
INSERT INTO analytics_raids (raid_event_id, guild_id, starts_at, attendance_total, attendance_came)
SELECT r.id, r.guild_id, r.starts_at, count(a.character_id)::int, (count(a.character_id) FILTER (WHERE a.status <> 'absent'))::int
  FROM raid_events r LEFT JOIN raid_attendance a ON a.raid_event_id = r.id GROUP BY r.id;

-- Each UTC day a community user was active: a session began or was seen, or a token was refreshed. Kept when the
-- sessions and tokens themselves are cleaned up, so daily active members stay countable for a year.
CREATE TABLE analytics_member_days (
  day date NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (day, user_id)
);
CREATE INDEX analytics_member_days_user_idx ON analytics_member_days (user_id, day);

-- Daily active members across the platform: the rows of analytics_member_days per day, counted as they go in.
CREATE TABLE analytics_member_day_counts (
  day date PRIMARY KEY,
  members integer NOT NULL DEFAULT 0
);

CREATE FUNCTION analytics_member_days_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_member_day_counts AS c (day, members)
  SELECT day, count(*)::int FROM analytics_new_member_days GROUP BY day
  ON CONFLICT (day) DO UPDATE SET members = c.members + excluded.members;
  RETURN NULL;
END $$;
CREATE FUNCTION analytics_member_days_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE analytics_member_day_counts c SET members = c.members - o.members
    FROM (SELECT day, count(*)::int AS members FROM analytics_old_member_days GROUP BY day) o
   WHERE c.day = o.day;
  RETURN NULL;
END $$;
-- Only the rows really inserted reach the transition table (ON CONFLICT DO NOTHING skips the others).
CREATE TRIGGER analytics_member_days_insert AFTER INSERT ON analytics_member_days
  REFERENCING NEW TABLE AS analytics_new_member_days FOR EACH STATEMENT EXECUTE FUNCTION analytics_member_days_added();
CREATE TRIGGER analytics_member_days_delete AFTER DELETE ON analytics_member_days
  REFERENCING OLD TABLE AS analytics_old_member_days FOR EACH STATEMENT EXECUTE FUNCTION analytics_member_days_removed();

CREATE FUNCTION analytics_session_seen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_member_days (day, user_id)
  SELECT DISTINCT (last_seen_at AT TIME ZONE 'UTC')::date, user_id FROM analytics_new_sessions
  UNION
  SELECT DISTINCT (created_at AT TIME ZONE 'UTC')::date, user_id FROM analytics_new_sessions
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER analytics_session_insert AFTER INSERT ON community_sessions
  REFERENCING NEW TABLE AS analytics_new_sessions FOR EACH STATEMENT EXECUTE FUNCTION analytics_session_seen();
CREATE TRIGGER analytics_session_update AFTER UPDATE ON community_sessions
  REFERENCING NEW TABLE AS analytics_new_sessions FOR EACH STATEMENT EXECUTE FUNCTION analytics_session_seen();

CREATE FUNCTION analytics_token_issued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_member_days (day, user_id)
  SELECT DISTINCT (created_at AT TIME ZONE 'UTC')::date, user_id FROM analytics_new_tokens
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER analytics_token_insert AFTER INSERT ON refresh_tokens
  REFERENCING NEW TABLE AS analytics_new_tokens FOR EACH STATEMENT EXECUTE FUNCTION analytics_token_issued();

INSERT INTO analytics_member_days (day, user_id)
SELECT (created_at AT TIME ZONE 'UTC')::date, user_id FROM community_sessions
UNION SELECT (last_seen_at AT TIME ZONE 'UTC')::date, user_id FROM community_sessions
UNION SELECT (created_at AT TIME ZONE 'UTC')::date, user_id FROM refresh_tokens;

-- Sign-ups read on this.
CREATE INDEX users_created_at_idx ON users (created_at);
-- Links by origin within a guild.
CREATE INDEX character_links_guild_type_idx ON character_links (guild_id, link_type);
-- The guild's roster by class and role.
CREATE INDEX characters_guild_class_role_idx ON characters (guild_id, class, role);
-- The per-guild loot table counts a character's items in the range.
CREATE INDEX loot_entries_guild_character_awarded_idx ON loot_entries (guild_id, character_id, awarded_at);
