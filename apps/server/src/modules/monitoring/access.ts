import { findAdminScreen, type Permission } from '@guildhall/contract';

/** Who may read alerts, rules and service states: whoever may open the monitoring screens. */
export const MONITORING_READ: readonly Permission[] = findAdminScreen('/admin/monitoring/system')?.anyOf ?? ['admin.full_access'];
/** Changing an alert rule is configuring the system (issue 14: editable by admin.system_config). */
export const ALERT_RULES_EDIT: readonly Permission[] = ['admin.full_access', 'admin.system_config'];
