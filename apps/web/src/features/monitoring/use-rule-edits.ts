import type { AlertRule } from '@guildhall/contract';
import { useState } from 'react';
import { useUpdateAlertRule } from '../../api/metrics';
import { type FieldErrors, fieldErrorsFromError, withoutField } from '../../ui/field-errors';
import { type AlertRuleDraft, draftOf, ruleChange } from './alert-rule-form';

/** A rule's inputs as edited, with the stored version they were edited from. */
interface RuleEdit {
  from: string;
  draft: AlertRuleDraft;
  errors: FieldErrors;
}

/** What the inline editor of the alert rules table holds for one rule. */
export interface RuleEditor {
  draftFor: (rule: AlertRule) => AlertRuleDraft;
  errorsFor: (rule: AlertRule) => FieldErrors;
  isDirty: (rule: AlertRule) => boolean;
  isSaving: (rule: AlertRule) => boolean;
  edit: (rule: AlertRule, field: keyof AlertRuleDraft, value: string | boolean) => void;
  save: (rule: AlertRule) => void;
}

/**
 * The drafts of the rules being edited inline, by rule id. A rule saved here or elsewhere (its `updatedAt` moved on)
 * shows its stored values again.
 */
export function useRuleEdits(): RuleEditor {
  const update = useUpdateAlertRule();
  const [edits, setEdits] = useState<Readonly<Record<string, RuleEdit>>>({});
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());

  const current = (rule: AlertRule): RuleEdit => {
    const edit = edits[rule.id];
    return edit && edit.from === rule.updatedAt ? edit : { from: rule.updatedAt, draft: draftOf(rule), errors: {} };
  };
  const put = (rule: AlertRule, change: (edit: RuleEdit) => RuleEdit) =>
    setEdits((all) => {
      const known = all[rule.id];
      const base = known && known.from === rule.updatedAt ? known : { from: rule.updatedAt, draft: draftOf(rule), errors: {} };
      return { ...all, [rule.id]: change(base) };
    });
  const setSavingOf = (id: string, isSaving: boolean) =>
    setSaving((ids) => {
      const next = new Set(ids);
      if (isSaving) next.add(id);
      else next.delete(id);
      return next;
    });

  return {
    draftFor: (rule) => current(rule).draft,
    errorsFor: (rule) => current(rule).errors,
    isDirty: (rule) => {
      const { draft } = current(rule);
      const stored = draftOf(rule);
      return (Object.keys(stored) as (keyof AlertRuleDraft)[]).some((field) => draft[field] !== stored[field]);
    },
    isSaving: (rule) => saving.has(rule.id),
    edit: (rule, field, value) =>
      put(rule, (edit) => ({ ...edit, draft: { ...edit.draft, [field]: value }, errors: withoutField(edit.errors, field) })),
    save: (rule) => {
      const change = ruleChange(rule, current(rule).draft);
      if (Object.keys(change.errors).length > 0) {
        put(rule, (edit) => ({ ...edit, errors: change.errors }));
        return;
      }
      setSavingOf(rule.id, true);
      update
        .mutateAsync({ id: rule.id, body: change.body })
        .catch((error: unknown) => put(rule, (edit) => ({ ...edit, errors: fieldErrorsFromError(error) })))
        .finally(() => setSavingOf(rule.id, false));
    },
  };
}
