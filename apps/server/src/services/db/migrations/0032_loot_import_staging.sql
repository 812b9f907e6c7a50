-- Issue 30: an RCLootCouncil export streams into this table as it is uploaded (COPY on PostgreSQL, batches on PGlite),
-- one import_id per request; the preview and the apply are set-based statements over it, and the request deletes its
-- rows when it ends. Unlogged: rows that only live for one request need no WAL (a crash empties the table, which is
-- what a crash should do to them). staged_at lets the next import sweep rows a killed process left behind.
CREATE UNLOGGED TABLE loot_import_rows (
  import_id uuid NOT NULL,
  line integer NOT NULL,
  player text NOT NULL,
  item_name text NOT NULL,
  -- Why the line is refused, in words; null for a line that was checked and taken.
  reason text,
  class text,
  item_id integer,
  item_string text,
  response text,
  votes integer,
  instance text,
  difficulty text,
  boss text,
  note text,
  owner text,
  awarded_at timestamptz,
  source_key text,
  staged_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX loot_import_rows_line_idx ON loot_import_rows (import_id, line);
-- The first line of each award in the file (the preview's "new" is that line, a repeat is "unchanged").
CREATE INDEX loot_import_rows_key_idx ON loot_import_rows (import_id, source_key, line);
