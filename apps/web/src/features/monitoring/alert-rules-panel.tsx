import { hasAnyAdminPermission, type Permission } from '@guildhall/contract';
import { errorMessage } from '../../api/api-error';
import { useAlertRules } from '../../api/metrics';
import { useAdminSession } from '../../auth/admin-session-context';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { TableScroll } from '../../ui/table-scroll';
import { AlertRuleRow } from './alert-rule-row';

/** Who may change alert rules (issue 14: admin.system_config). */
const EDIT_RULES: readonly Permission[] = ['admin.full_access', 'admin.system_config'];

/** The alert rules with their thresholds and whether each holds now; editable inline by those allowed. */
export function AlertRulesPanel() {
  const rules = useAlertRules();
  const { admin } = useAdminSession();
  const canEdit = admin !== null && hasAnyAdminPermission(admin, EDIT_RULES);
  const list = rules.data?.rules ?? [];

  return (
    <Card
      title="Alert rules"
      actions={!canEdit && <span className="muted">Read-only: changing rules needs admin.system_config</span>}
      data-testid="alert-rules"
      data-editable={canEdit}
    >
      {rules.isPending && !rules.isError && <Spinner label="Loading alert rules..." />}
      {rules.isError && !rules.data && (
        <p className="alert alert--error" role="alert">
          Failed to load alert rules: {errorMessage(rules.error)}
        </p>
      )}
      {rules.data && list.length === 0 && <p className="muted">No alert rules.</p>}
      {list.length > 0 && (
        <TableScroll label="Alert rules" isBusy={rules.isFetching}>
          <table className="table rules-table">
            <thead>
              <tr>
                <th scope="col">Rule</th>
                <th scope="col">Threshold</th>
                <th scope="col">Duration (s)</th>
                <th scope="col">Severity</th>
                <th scope="col">Enabled</th>
                <th scope="col">Holding since</th>
                {canEdit && (
                  <th scope="col" className="table__actions">
                    <span className="visually-hidden">Save</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {list.map((rule) => (
                <AlertRuleRow key={rule.id} rule={rule} canEdit={canEdit} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Card>
  );
}
