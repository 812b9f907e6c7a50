import type { Queryable } from '../../services/db/db';

// The DKP and EPGP ledger: entries are only ever inserted (a trigger refuses changes); standings are their sums.

/** A ledger entry to write. Amounts are numeric text ('-30.00'). */
export interface NewLedgerEntry {
  characterId: string;
  kind: 'attendance' | 'award' | 'decay' | 'correction';
  points: string;
  ep: string;
  gp: string;
  reason: string;
  raidId?: string | null;
  awardId?: string | null;
  correctsEntryId?: string | null;
  decayWeek?: string | null;
  /** When it counts: a decay entry counts at its week's end; others now. */
  at?: Date | null;
}

/** The ledger and rules version entries are written under, and who wrote them. */
export interface LedgerScope {
  guildId: string;
  ledger: 'dkp' | 'epgp';
  rulesVersion: number;
  recordedBy: unknown;
}

/** Writes entries in one statement; duplicates of a unique entry (a raid credited twice) are skipped. Their ids. */
export async function insertLedgerEntries(
  tx: Queryable,
  scope: LedgerScope,
  entries: readonly NewLedgerEntry[],
): Promise<string[]> {
  if (entries.length === 0) return [];
  const column = <K extends keyof NewLedgerEntry>(key: K) => entries.map((e) => e[key] ?? null);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO loot_ledger_entries (guild_id, ledger, rules_version, recorded_by, character_id, kind, points, ep, gp, reason,
                                      raid_event_id, award_id, corrects_entry_id, decay_week, created_at)
     SELECT $1, $2, $3, $4, e.character_id, e.kind, e.points, e.ep, e.gp, e.reason, e.raid_id, e.award_id,
            e.corrects_entry_id, e.decay_week, COALESCE(e.at, now())
       FROM unnest($5::uuid[], $6::text[], $7::numeric[], $8::numeric[], $9::numeric[], $10::text[], $11::uuid[], $12::uuid[],
                   $13::uuid[], $14::date[], $15::timestamptz[])
            AS e(character_id, kind, points, ep, gp, reason, raid_id, award_id, corrects_entry_id, decay_week, at)
     ON CONFLICT DO NOTHING
     RETURNING id`,
    [
      scope.guildId,
      scope.ledger,
      scope.rulesVersion,
      JSON.stringify(scope.recordedBy),
      column('characterId'),
      column('kind'),
      column('points'),
      column('ep'),
      column('gp'),
      column('reason'),
      column('raidId'),
      column('awardId'),
      column('correctsEntryId'),
      column('decayWeek'),
      column('at'),
    ],
  );
  return rows.map((row) => row.id);
}

/** How many characters a raid is credited to on the ledger (loot_ledger_attendance_idx). */
export async function countRaidCredits(db: Queryable, raidId: string, ledger: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM loot_ledger_entries WHERE raid_event_id = $1 AND ledger = $2 AND kind = 'attendance'`,
    [raidId, ledger],
  );
  return rows[0]?.n ?? 0;
}

/** A ledger entry with who recorded it. */
export interface LedgerEntryRow {
  id: string;
  character_id: string;
  kind: 'attendance' | 'award' | 'decay' | 'correction';
  points: string;
  ep: string;
  gp: string;
  reason: string;
  corrects_entry_id: string | null;
  recorded_by_name: string | null;
  created_at: Date;
}

const ENTRY_COLUMNS = `id, character_id, kind, points::text, ep::text, gp::text, reason, corrects_entry_id,
                       recorded_by ->> 'name' AS recorded_by_name, created_at`;

/** One entry of the guild's ledger. */
export async function findLedgerEntry(db: Queryable, guildId: string, entryId: string): Promise<LedgerEntryRow | null> {
  const { rows } = await db.query<LedgerEntryRow>(
    `SELECT ${ENTRY_COLUMNS}, ledger FROM loot_ledger_entries WHERE guild_id = $1 AND id = $2`,
    [guildId, entryId],
  );
  return rows[0] ?? null;
}

/** A page of a character's entries on a ledger, newest first, and how many it has (loot_ledger_character_idx). */
export async function selectHistory(
  db: Queryable,
  characterId: string,
  ledger: string,
  page: { limit: number; offset: number },
): Promise<{ rows: LedgerEntryRow[]; total: number }> {
  const { rows } = await db.query<LedgerEntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM loot_ledger_entries
      WHERE character_id = $1 AND ledger = $2 ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
    [characterId, ledger, page.limit, page.offset],
  );
  const { rows: counted } = await db.query<{ entries: number }>(
    'SELECT entries FROM loot_ledger_totals WHERE character_id = $1 AND ledger = $2',
    [characterId, ledger],
  );
  return { rows, total: counted[0]?.entries ?? 0 };
}

/** Sums of a ledger: points, EP, GP above the base, as numeric text. */
export interface SumsRow {
  points: string;
  ep: string;
  gp: string;
}

/** A character's sums on a ledger now (loot_ledger_totals, kept from the entries); zero without entries. */
export async function selectCharacterSums(db: Queryable, characterId: string, ledger: string): Promise<SumsRow> {
  const { rows } = await db.query<SumsRow>(
    'SELECT points::text, ep::text, gp::text FROM loot_ledger_totals WHERE character_id = $1 AND ledger = $2',
    [characterId, ledger],
  );
  return rows[0] ?? { points: '0', ep: '0', gp: '0' };
}

/** One line of the standings. */
export interface StandingRow extends SumsRow {
  character_id: string;
  name: string;
  class: string;
  entries: number;
  last_award_at: Date | null;
  total: number;
}

/**
 * A page of the guild's standings, the ledger's sums per character (loot_ledger_totals, kept from the entries): DKP by
 * points, EPGP by priority EP / (base GP + GP), then by name. Only the page's characters look up their last award.
 */
export async function selectStandings(
  db: Queryable,
  guildId: string,
  ledger: string,
  baseGp: string,
  page: { limit: number; offset: number },
): Promise<StandingRow[]> {
  const { rows } = await db.query<StandingRow>(
    `WITH sums AS (
       SELECT character_id, points, ep, gp, entries FROM loot_ledger_totals WHERE guild_id = $1 AND ledger = $2 AND entries > 0
     ), ranked AS (
       SELECT s.*, c.name, c.class, count(*) OVER ()::int AS total,
              CASE WHEN $2 = 'epgp' THEN s.ep / NULLIF($3::numeric + s.gp, 0) ELSE s.points END AS score
         FROM sums s JOIN characters c ON c.id = s.character_id
        ORDER BY score DESC NULLS LAST, lower(c.name), c.id
        LIMIT $4 OFFSET $5
     )
     SELECT r.character_id, r.name, r.class, r.points::text, r.ep::text, r.gp::text, r.entries, r.total,
            (SELECT max(l.awarded_at) FROM loot_entries l WHERE l.character_id = r.character_id) AS last_award_at
       FROM ranked r
      ORDER BY r.score DESC NULLS LAST, lower(r.name), r.character_id`,
    [guildId, ledger, baseGp, page.limit, page.offset],
  );
  return rows;
}

/** Every character's sums on a ledger as of a moment: what a week's decay decays. */
export async function selectSumsAsOf(
  db: Queryable,
  guildId: string,
  ledger: string,
  asOf: Date,
): Promise<(SumsRow & { character_id: string })[]> {
  const { rows } = await db.query<SumsRow & { character_id: string }>(
    `SELECT character_id, sum(points)::text AS points, sum(ep)::text AS ep, sum(gp)::text AS gp
       FROM loot_ledger_entries WHERE guild_id = $1 AND ledger = $2 AND created_at < $3
      GROUP BY character_id ORDER BY character_id`,
    [guildId, ledger, asOf],
  );
  return rows;
}

/** Claims a week's decay of a ledger for this transaction; false when it ran already (in any process). */
export async function claimDecayWeek(tx: Queryable, guildId: string, ledger: string, week: string): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO loot_decay_runs (guild_id, ledger, decay_week, entries) VALUES ($1, $2, $3, 0)
     ON CONFLICT DO NOTHING RETURNING decay_week`,
    [guildId, ledger, week],
  );
  return rows.length > 0;
}

export async function countDecayEntries(tx: Queryable, guildId: string, ledger: string, week: string, entries: number) {
  await tx.query('UPDATE loot_decay_runs SET entries = $4 WHERE guild_id = $1 AND ledger = $2 AND decay_week = $3', [
    guildId,
    ledger,
    week,
    entries,
  ]);
}

/** The week (a Monday) a ledger's decay goes on from: after its last run, or the week of its first entry. */
export async function selectDecayStart(db: Queryable, guildId: string, ledger: string): Promise<string | null> {
  const { rows } = await db.query<{ week: string | null }>(
    `SELECT COALESCE(
              (SELECT (max(decay_week) + 7)::text FROM loot_decay_runs WHERE guild_id = $1 AND ledger = $2),
              (SELECT date_trunc('week', min(created_at) AT TIME ZONE 'UTC')::date::text
                 FROM loot_ledger_entries WHERE guild_id = $1 AND ledger = $2)) AS week`,
    [guildId, ledger],
  );
  return rows[0]?.week ?? null;
}

/** Guilds whose system keeps a ledger with entries and whose last decayed week is before this one. */
export async function selectGuildsDueForDecay(
  db: Queryable,
  lastWeek: string,
): Promise<{ guild_id: string; discord_guild_id: string | null }[]> {
  const { rows } = await db.query<{ guild_id: string; discord_guild_id: string | null }>(
    `SELECT g.id AS guild_id, g.discord_guild_id FROM guilds g
      WHERE g.loot_system IN ('DKP', 'EPGP')
        AND EXISTS (SELECT 1 FROM loot_ledger_entries e WHERE e.guild_id = g.id
                       AND e.ledger = CASE g.loot_system WHEN 'DKP' THEN 'dkp' ELSE 'epgp' END)
        AND NOT EXISTS (SELECT 1 FROM loot_decay_runs d WHERE d.guild_id = g.id AND d.decay_week >= $1
                           AND d.ledger = CASE g.loot_system WHEN 'DKP' THEN 'dkp' ELSE 'epgp' END)`,
    [lastWeek],
  );
  return rows;
}
