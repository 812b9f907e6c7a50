-- Audit actions come from one catalog (AUDIT_ACTIONS in the contract, issue 27): the rows recorded under the names
-- it replaced take the catalog's, so the Audit Log's action filter finds them. Only the name changes; who, what,
-- when and the details stay as recorded. audit_log is append-only (0022), so the row trigger is lifted for this one
-- statement, inside the migration's transaction. A role that does not own the table cannot lift it: the old rows
-- keep their names there, and the notice says so.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_class WHERE oid = 'audit_log'::regclass AND pg_has_role(relowner, 'USAGE')) THEN
    RAISE NOTICE 'audit_log actions not renamed to the catalog: % does not own audit_log', current_user;
    RETURN;
  END IF;
  ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change;
  UPDATE audit_log SET action = renamed.new_name
    FROM (VALUES
      ('admin.deleted_permanently', 'admin.permanently_deleted'),
      ('admin.login', 'admin.signed_in'),
      ('admin.login_failed', 'admin.sign_in_failed'),
      ('admin.logout', 'admin.signed_out'),
      ('character.link', 'character.linked'),
      ('character.unlink', 'character.unlinked'),
      ('database.cancel', 'database.query_cancelled'),
      ('database.explain', 'database.query_explained'),
      ('database.export', 'database.query_exported'),
      ('database.query', 'database.query_run'),
      ('database.query_write', 'database.write_query_run'),
      ('discord-members.sync', 'guild.members_synced'),
      ('discord-members.sync-started', 'guild.member_sync_started'),
      ('guilds.activated', 'guild.activated'),
      ('guilds.deactivated', 'guild.deactivated'),
      ('guilds.exported', 'guild.list_exported'),
      ('influx.debug_export', 'influx.debug_query_exported'),
      ('influx.debug_query', 'influx.debug_query_run'),
      ('influx.debug_stream', 'influx.debug_query_streamed'),
      ('influx.export', 'influx.query_exported'),
      ('influx.query', 'influx.query_run'),
      ('influx.retention', 'influx.retention_changed'),
      ('redis.keys_deleted_by_pattern', 'redis.matching_keys_deleted'),
      ('training.feedback_recorded', 'training_data.feedback_recorded'),
      ('training.sample_labelled', 'training_data.sample_labelled'),
      ('training.sample_verified', 'training_data.sample_verified'),
      ('training.samples_bulk_delete', 'training_data.samples_deleted'),
      ('training.samples_bulk_set_quality', 'training_data.samples_quality_set'),
      ('training.samples_bulk_verify', 'training_data.samples_verified')
    ) AS renamed (old_name, new_name)
   WHERE audit_log.action = renamed.old_name;
  ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change;
END
$$;
