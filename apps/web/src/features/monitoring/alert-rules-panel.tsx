import { hasAnyAdminPermission, type Permission } from '@guildhall/contract';
import { useAlertRules } from '../../api/metrics';
import { useAdminSession } from '../../auth/admin-session-context';
import { Card } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { alertRuleColumns } from './alert-rule-columns';
import { useRuleEdits } from './use-rule-edits';

/** Who may change alert rules (issue 14: admin.system_config). */
const EDIT_RULES: readonly Permission[] = ['admin.full_access', 'admin.system_config'];

/** The alert rules with their thresholds and whether each holds now; editable inline by those allowed. */
export function AlertRulesPanel() {
  const rules = useAlertRules();
  const { admin } = useAdminSession();
  const canEdit = admin !== null && hasAnyAdminPermission(admin, EDIT_RULES);
  const editor = useRuleEdits();
  const list = rules.data?.rules ?? [];

  return (
    <Card
      title="Alert rules"
      actions={!canEdit && <span className="muted">Read-only: changing rules needs admin.system_config</span>}
      data-testid="alert-rules"
      data-editable={canEdit}
    >
      <DataTable
        columns={alertRuleColumns(canEdit ? editor : null)}
        rows={list}
        getRowId={(rule) => rule.id}
        label="Alert rules"
        className="rules-table"
        isBusy={rules.isFetching}
        rowAttributes={(rule) => ({ 'data-testid': `alert-rule-${rule.id}` })}
        state={{
          query: rules,
          loading: 'Loading alert rules...',
          errorText: 'Failed to load alert rules',
          empty: 'No alert rules.',
        }}
      />
    </Card>
  );
}
