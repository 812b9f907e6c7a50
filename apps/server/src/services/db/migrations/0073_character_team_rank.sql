-- WoWAudit's team rank (issue 30): a team names its ranks in words ('Main', 'Trial', 'Alt', 'Social'), apart from the
-- in-game guild rank Battle.net numbers (guild_rank, 0 the guild master). A WoWAudit sync writes it; the roster shows it.
ALTER TABLE characters ADD COLUMN team_rank text;
