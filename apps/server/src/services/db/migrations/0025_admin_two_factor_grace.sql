-- Issue 25: two-factor sign-in is required for superadmins and admin.full_access (for every admin when the system
-- setting says so). An admin it is required of, without it, gets a grace (a system setting, 7 days by default) from
-- the first signed-in request at which it was required; after it, every admin route but enrolment answers 403
-- TWO_FACTOR_ENROLMENT_REQUIRED. The grace starts once and never again (a reset or turning it off does not renew it).
ALTER TABLE admin_users ADD COLUMN two_factor_grace_started_at timestamptz;
