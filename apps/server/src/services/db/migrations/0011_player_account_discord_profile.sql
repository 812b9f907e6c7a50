-- The Discord user as Discord answered when an admin linked them to a player account (username, global name,
-- avatar hash, discriminator), so the account shows who it is linked to even when that user is in no guild's
-- member list (the member rows, fresher, win when there are any).
ALTER TABLE player_accounts ADD COLUMN discord_profile jsonb;
