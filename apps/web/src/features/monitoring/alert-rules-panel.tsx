import { useAlertRules } from '../../api/metrics';
import { useAbilities } from '../../auth/abilities';
import { Card } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { alertRuleColumns } from './alert-rule-columns';
import { useRuleEdits } from './use-rule-edits';

/** The alert rules with their thresholds and whether each holds now; editable inline by those allowed. */
export function AlertRulesPanel() {
  const rules = useAlertRules();
  const canEdit = useAbilities().can('editAlertRules');
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
