-- Issue 25: the first admin made with a generated password must choose their own before using the console. The
-- generated one was printed on the console once; until it is replaced, every admin route but me, change-password
-- and logout answers 403 PASSWORD_CHANGE_REQUIRED.
ALTER TABLE admin_users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
