-- Loot for members and officers (issue 32). The guild's loot system is guilds.loot_system (spec 1); its values (DKP
-- points and prices, EPGP's EP, GP weights and base, decay, the wishlist lock) are versioned here. Awards are rows of
-- loot_entries, as imports and the demo seed write them, with what an officer records on top. DKP and EPGP are an
-- append-only ledger: a standing is the sum of a character's entries, never a stored number; a correction is a new
-- entry with its reason. Amounts are numeric(14, 2): exact hundredths, no floating drift.

-- Every change of the guild's loot values, numbered per guild from 1; the newest is in force.
CREATE TABLE loot_rule_versions (
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version > 0),
  system text NOT NULL CHECK (system IN ('DKP', 'EPGP', 'Loot_Council', 'Free_Roll', 'Need_Before_Greed', 'Other')),
  -- The contract's LootRules (dkp, epgp, wishlistLockAt), checked by its schema before it is written.
  rules jsonb NOT NULL,
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
  changed_by jsonb NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (guild_id, version)
);

-- The small item catalog kept in the product: a wishlist, an award and the priority board name an item by its id; the
-- catalog gives its name, slot and level (an item a guild imported but the catalog lacks is named from its loot).
CREATE TABLE loot_items (
  item_id integer PRIMARY KEY CHECK (item_id > 0),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  slot text NOT NULL,
  item_level smallint NOT NULL CHECK (item_level BETWEEN 1 AND 2000),
  instance text NOT NULL,
  boss text NOT NULL
);
CREATE INDEX loot_items_name_idx ON loot_items (lower(name) text_pattern_ops);

-- What an officer records with an award beyond the imported columns of 0002 and 0030 (response, note, boss): the
-- slot and item level that price it, the winning bid, which drop of the boss it was (the same item may drop twice),
-- who recorded it. One award per drop: the second is refused.
ALTER TABLE loot_entries
  ADD COLUMN slot text,
  ADD COLUMN item_level smallint CHECK (item_level IS NULL OR item_level BETWEEN 1 AND 2000),
  ADD COLUMN bid numeric(14, 2) CHECK (bid IS NULL OR bid >= 0),
  ADD COLUMN drop_number smallint CHECK (drop_number IS NULL OR drop_number BETWEEN 1 AND 20),
  ADD COLUMN recorded_by jsonb;
CREATE UNIQUE INDEX loot_entries_drop_idx ON loot_entries (raid_event_id, lower(boss), item_id, drop_number)
  WHERE drop_number IS NOT NULL;
-- A member's loot page and the priority board's "last upgrade": a character's awards newest first.
CREATE INDEX loot_entries_character_awarded_idx ON loot_entries (character_id, awarded_at DESC) WHERE character_id IS NOT NULL;

-- The DKP and EPGP ledger. kind: attendance (a raid credited), award (an item charged), decay (a week's decay),
-- correction (an officer's, with its reason, pointing at the entry it corrects when it corrects one).
CREATE TABLE loot_ledger_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  ledger text NOT NULL CHECK (ledger IN ('dkp', 'epgp')),
  character_id uuid NOT NULL REFERENCES characters (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('attendance', 'award', 'decay', 'correction')),
  points numeric(14, 2) NOT NULL DEFAULT 0,
  ep numeric(14, 2) NOT NULL DEFAULT 0,
  gp numeric(14, 2) NOT NULL DEFAULT 0,
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
  raid_event_id uuid REFERENCES raid_events (id) ON DELETE SET NULL,
  award_id uuid REFERENCES loot_entries (id) ON DELETE SET NULL,
  corrects_entry_id uuid REFERENCES loot_ledger_entries (id) ON DELETE SET NULL,
  -- The Monday (UTC) of the week a decay entry decays.
  decay_week date,
  rules_version integer NOT NULL,
  recorded_by jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'decay') = (decay_week IS NOT NULL)),
  CHECK (kind <> 'correction' OR points <> 0 OR ep <> 0 OR gp <> 0)
);
-- A week's decay: one guild's ledger summed per character up to the week's end, from the index alone.
CREATE INDEX loot_ledger_standings_idx ON loot_ledger_entries (guild_id, ledger, created_at) INCLUDE (character_id, points, ep, gp);
-- A character's history, newest first.
CREATE INDEX loot_ledger_character_idx ON loot_ledger_entries (character_id, ledger, created_at DESC);
-- The loot log, newest first.
CREATE INDEX loot_ledger_guild_created_idx ON loot_ledger_entries (guild_id, created_at DESC, id DESC);
-- A raid is credited once per character and ledger, an award charged once per ledger, a week decayed once.
CREATE UNIQUE INDEX loot_ledger_attendance_idx ON loot_ledger_entries (raid_event_id, ledger, character_id)
  WHERE kind = 'attendance';
CREATE UNIQUE INDEX loot_ledger_award_idx ON loot_ledger_entries (award_id, ledger) WHERE kind = 'award';
CREATE UNIQUE INDEX loot_ledger_decay_idx ON loot_ledger_entries (guild_id, ledger, decay_week, character_id)
  WHERE kind = 'decay';

-- History is never edited: a correction is a new entry. (Deletes stay possible: a guild or character removed takes
-- its entries with it.)
CREATE FUNCTION loot_ledger_no_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id = OLD.id AND NEW.points = OLD.points AND NEW.ep = OLD.ep AND NEW.gp = OLD.gp AND NEW.reason = OLD.reason
     AND NEW.kind = OLD.kind AND NEW.character_id = OLD.character_id THEN
    RETURN NEW; -- a SET NULL of a removed raid, award or corrected entry
  END IF;
  RAISE EXCEPTION 'loot ledger entries are never changed: record a correction';
END $$;
CREATE TRIGGER loot_ledger_no_update BEFORE UPDATE ON loot_ledger_entries
  FOR EACH ROW EXECUTE FUNCTION loot_ledger_no_update();

-- Each character's sums of the ledger, kept by the database from the entries themselves (statement triggers, as
-- 0019 keeps the analytics counts from loot_entries): standings and priority read one row per character instead of
-- summing years of entries on every read. Nothing else writes here; a test checks the sums against the entries.
CREATE TABLE loot_ledger_totals (
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  ledger text NOT NULL,
  character_id uuid NOT NULL REFERENCES characters (id) ON DELETE CASCADE,
  points numeric(16, 2) NOT NULL DEFAULT 0,
  ep numeric(16, 2) NOT NULL DEFAULT 0,
  gp numeric(16, 2) NOT NULL DEFAULT 0,
  entries integer NOT NULL DEFAULT 0,
  PRIMARY KEY (guild_id, ledger, character_id)
);
CREATE INDEX loot_ledger_totals_character_idx ON loot_ledger_totals (character_id, ledger);

CREATE FUNCTION loot_ledger_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO loot_ledger_totals AS t (guild_id, ledger, character_id, points, ep, gp, entries)
  SELECT guild_id, ledger, character_id, sum(points), sum(ep), sum(gp), count(*)::int
    FROM loot_ledger_added GROUP BY guild_id, ledger, character_id
  ON CONFLICT (guild_id, ledger, character_id) DO UPDATE
    SET points = t.points + excluded.points, ep = t.ep + excluded.ep, gp = t.gp + excluded.gp,
        entries = t.entries + excluded.entries;
  RETURN NULL;
END $$;
CREATE TRIGGER loot_ledger_totals_add AFTER INSERT ON loot_ledger_entries
  REFERENCING NEW TABLE AS loot_ledger_added FOR EACH STATEMENT EXECUTE FUNCTION loot_ledger_totals_add();

CREATE FUNCTION loot_ledger_totals_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE loot_ledger_totals t
     SET points = t.points - o.points, ep = t.ep - o.ep, gp = t.gp - o.gp, entries = t.entries - o.entries
    FROM (SELECT guild_id, ledger, character_id, sum(points) AS points, sum(ep) AS ep, sum(gp) AS gp, count(*)::int AS entries
            FROM loot_ledger_removed GROUP BY guild_id, ledger, character_id) o
   WHERE t.guild_id = o.guild_id AND t.ledger = o.ledger AND t.character_id = o.character_id;
  RETURN NULL;
END $$;
CREATE TRIGGER loot_ledger_totals_remove AFTER DELETE ON loot_ledger_entries
  REFERENCING OLD TABLE AS loot_ledger_removed FOR EACH STATEMENT EXECUTE FUNCTION loot_ledger_totals_remove();

-- One decay per guild, ledger and week, across every process: the decay job inserts here first.
CREATE TABLE loot_decay_runs (
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  ledger text NOT NULL CHECK (ledger IN ('dkp', 'epgp')),
  decay_week date NOT NULL,
  entries integer NOT NULL,
  ran_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (guild_id, ledger, decay_week)
);

-- A member's wishlist per character: items ranked from 1, each with a note.
CREATE TABLE loot_wishlist_items (
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  character_id uuid NOT NULL REFERENCES characters (id) ON DELETE CASCADE,
  item_id integer NOT NULL,
  item_name text NOT NULL,
  rank smallint NOT NULL CHECK (rank BETWEEN 1 AND 50),
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 200),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (character_id, item_id),
  UNIQUE (character_id, rank)
);
-- The priority board: who in the guild wants an item.
CREATE INDEX loot_wishlist_item_idx ON loot_wishlist_items (guild_id, item_id, rank);

-- An item put before the loot council: members of the raid ask for it (response, note), council members vote with a
-- reason, an officer awards it (award_id) and members see the outcome and its note.
CREATE TABLE loot_council_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  guild_id uuid NOT NULL REFERENCES guilds (id) ON DELETE CASCADE,
  raid_event_id uuid NOT NULL REFERENCES raid_events (id) ON DELETE CASCADE,
  boss text NOT NULL,
  item_id integer NOT NULL,
  item_name text NOT NULL,
  slot text NOT NULL,
  item_level smallint NOT NULL,
  drop_number smallint NOT NULL DEFAULT 1,
  award_id uuid REFERENCES loot_entries (id) ON DELETE SET NULL,
  opened_by jsonb NOT NULL,
  opened_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  UNIQUE (raid_event_id, boss, item_id, drop_number)
);
CREATE INDEX loot_council_items_guild_idx ON loot_council_items (guild_id, opened_at DESC);

CREATE TABLE loot_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  council_item_id uuid NOT NULL REFERENCES loot_council_items (id) ON DELETE CASCADE,
  character_id uuid NOT NULL REFERENCES characters (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  response text NOT NULL,
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (council_item_id, character_id)
);
-- A member's loot page: every request of a character.
CREATE INDEX loot_requests_character_idx ON loot_requests (character_id, created_at DESC);

CREATE TABLE loot_council_votes (
  council_item_id uuid NOT NULL REFERENCES loot_council_items (id) ON DELETE CASCADE,
  voter_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  request_id uuid NOT NULL REFERENCES loot_requests (id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
  voted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (council_item_id, voter_user_id)
);

-- The catalog's first instance (Manaforge Omega), the items the demo and the journeys name.
INSERT INTO loot_items (item_id, name, slot, item_level, instance, boss) VALUES
  (242394, 'Eradicating Arcanocore', 'trinket', 684, 'Manaforge Omega', 'Plexus Sentinel'),
  (242395, 'Astral Antenna', 'trinket', 684, 'Manaforge Omega', 'Loom''ithar'),
  (242401, 'Brand of Ceaseless Ire', 'trinket', 684, 'Manaforge Omega', 'Forgeweaver Araz'),
  (242402, 'Araz''s Ritual Forge', 'trinket', 684, 'Manaforge Omega', 'Forgeweaver Araz'),
  (237728, 'Voidglass Kris', 'one_hand', 684, 'Manaforge Omega', 'Soulbinder Naazindhri'),
  (237730, 'Voidglass Spire', 'two_hand', 684, 'Manaforge Omega', 'Soulbinder Naazindhri'),
  (237735, 'Voidglass Sovereign''s Blade', 'one_hand', 684, 'Manaforge Omega', 'Nexus-King Salhadaar'),
  (237738, 'Unbound Training Claws', 'one_hand', 684, 'Manaforge Omega', 'Fractillus'),
  (237553, 'Ward of the Weaving-Beast', 'back', 684, 'Manaforge Omega', 'Loom''ithar'),
  (237567, 'Logic Gate: Alpha', 'finger', 684, 'Manaforge Omega', 'Plexus Sentinel'),
  (237570, 'Logic Gate: Omega', 'finger', 684, 'Manaforge Omega', 'Plexus Sentinel'),
  (237540, 'Winged Gamma Handlers', 'hands', 684, 'Manaforge Omega', 'Plexus Sentinel'),
  (237525, 'Irradiated Impurity Filter', 'neck', 684, 'Manaforge Omega', 'Forgeweaver Araz'),
  (237541, 'Darksorrow''s Corrupted Carapace', 'chest', 684, 'Manaforge Omega', 'Dimensius, the All-Devouring'),
  (237545, 'Discarded Nutrient Shackles', 'wrist', 684, 'Manaforge Omega', 'Soulbinder Naazindhri'),
  (237547, 'Mounted Manacannons', 'shoulder', 684, 'Manaforge Omega', 'Loom''ithar'),
  (237529, 'Singularity Cincture', 'waist', 684, 'Manaforge Omega', 'Dimensius, the All-Devouring'),
  (237522, 'Colossal Lifetether', 'waist', 684, 'Manaforge Omega', 'The Soul Hunters'),
  (237532, 'Beacon of False Righteousness', 'off_hand', 684, 'Manaforge Omega', 'Nexus-King Salhadaar'),
  (237583, 'Fractillus'' Last Breath', 'legs', 684, 'Manaforge Omega', 'Fractillus'),
  (237591, 'Rune-Branded Waistband', 'waist', 684, 'Manaforge Omega', 'The Soul Hunters'),
  (237581, 'Chambersieve Greathelm', 'head', 684, 'Manaforge Omega', 'Fractillus'),
  (237604, 'Ethereal Footwraps', 'feet', 684, 'Manaforge Omega', 'Dimensius, the All-Devouring'),
  (237609, 'Hungering Void Curio', 'token', 684, 'Manaforge Omega', 'Dimensius, the All-Devouring');
