-- Admin roles live in the database (issue 13): a role is a named set of permissions, and changing it changes every
-- holder's permissions on their next request (the session query joins it). The five built-in roles are seeded as
-- the contract's ROLES names them; superadmin lists none because it passes every check whatever it lists.
CREATE TABLE admin_roles (
  name text PRIMARY KEY,
  label text NOT NULL,
  description text,
  permissions text[] NOT NULL DEFAULT '{}',
  is_built_in boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO admin_roles (name, label, description, permissions, is_built_in) VALUES
  ('superadmin', 'Super Admin', 'Every permission, always', '{}', true),
  ('admin', 'Administrator', 'Everything in the admin console', '{admin.full_access}', true),
  ('operator', 'Operator', 'Runs the platform: monitoring, configuration and guild tenants',
    '{admin.system_monitoring,admin.system_config,guild.manage_members,settings.view}', true),
  ('support', 'Support', 'Helps players: player accounts, their links and guild members',
    '{players.view,players.manage_accounts,players.edit,players.link_accounts,guild.manage_members,settings.view}', true),
  ('viewer', 'Viewer', 'Watches the dashboard, metrics and logs', '{admin.system_monitoring}', true)
ON CONFLICT (name) DO NOTHING;

-- A soft-deleted admin keeps its row (and its audit trail) but can neither sign in nor use a session.
ALTER TABLE admin_users ADD COLUMN deleted_at timestamptz;

-- The admin users table: holders per role (statistics, role deletion) and the sorts it offers. The table is
-- small, but these keep its sorts and counts on an index as it grows; search is "contains" on name and username.
CREATE INDEX admin_users_role_idx ON admin_users (role);
CREATE INDEX admin_users_created_at_idx ON admin_users (created_at, id);
CREATE INDEX admin_users_last_login_at_idx ON admin_users (last_login_at, id);
CREATE INDEX admin_users_username_trgm_idx ON admin_users USING gin (lower(username) gin_trgm_ops);
CREATE INDEX admin_users_full_name_trgm_idx ON admin_users USING gin (lower(full_name) gin_trgm_ops);

-- An admin's open sessions, newest first.
CREATE INDEX admin_sessions_open_idx ON admin_sessions (admin_user_id, created_at DESC) WHERE revoked_at IS NULL;

-- The audit log screen pages newest first (created_at, id) and filters by actor (name in any case, or id), by action
-- (exact, or a prefix: text_pattern_ops lets LIKE 'admin.%' use the index under any collation) and by target, each
-- with the time range on the same index.
DROP INDEX IF EXISTS audit_log_created_at_idx;
CREATE INDEX audit_log_created_at_id_idx ON audit_log (created_at, id);
CREATE INDEX audit_log_actor_name_idx ON audit_log (lower(actor_name), created_at);
CREATE INDEX audit_log_actor_id_idx ON audit_log (actor_id, created_at) WHERE actor_id IS NOT NULL;
CREATE INDEX audit_log_action_idx ON audit_log (action text_pattern_ops, created_at);
DROP INDEX IF EXISTS audit_log_target_idx;
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, created_at);
