-- Issue 29: account security notices (a locked admin account, a new superadmin) are kept until read, per admin,
-- instead of living only in the browser that was open when they were pushed. One row per notice; each admin who
-- marks it read gets a row in admin_notification_reads. Who reads a notice is decided when the bell asks (the
-- admins who may open Admin Users), so a permission granted later shows the recent ones too.
CREATE TABLE admin_notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_notifications_created_idx ON admin_notifications (created_at DESC);

CREATE TABLE admin_notification_reads (
  notification_id uuid NOT NULL REFERENCES admin_notifications (id) ON DELETE CASCADE,
  admin_user_id uuid NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notification_id, admin_user_id)
);
