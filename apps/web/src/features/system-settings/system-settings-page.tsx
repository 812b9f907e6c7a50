import {
  type SettingDefinition,
  type SettingValue,
  SYSTEM_SETTING_MESSAGES,
  SYSTEM_SETTINGS,
  type SystemSettingDefinition,
  type SystemSettingState,
} from '@guildhall/contract';
import { RotateCcw, Save } from 'lucide-react';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useSystemSettings, useUpdateSystemSettings } from '../../api/system-settings';
import { useAbilities } from '../../auth/abilities';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Card } from '../../ui/card';
import { fieldErrorsFromError, withoutField } from '../../ui/field-errors';
import { FormField } from '../../ui/form-field';
import { formatDateTime } from '../../ui/format-date';
import { PageHeader } from '../../ui/page-header';
import { QueryState } from '../../ui/query-state';
import { useDocumentTitle } from '../../ui/use-document-title';
import { type Draft, draftError, formatSettingValue, fromDraft, toDraft } from '../configuration/config-form';
import { SettingInput } from '../configuration/setting-input';
import '../../styles/system-settings.css';

const DEFINITIONS = SYSTEM_SETTINGS as readonly SystemSettingDefinition[];
const GROUPS = [...new Set(DEFINITIONS.map((d) => d.group))];

const SOURCES: Record<SystemSettingState['source'], { label: string; tone: BadgeTone }> = {
  environment: { label: 'Environment', tone: 'warn' },
  database: { label: 'Database', tone: 'brand' },
  default: { label: 'Default', tone: 'neutral' },
};

/** A system setting as the shared settings inputs know it. */
const asSetting = (definition: SystemSettingDefinition): SettingDefinition => ({ ...definition, guildOverridable: true });

/** The settings the form changes against the saved ones: only edited, changed and not fixed by the environment. */
function changedValues(settings: readonly SystemSettingState[], drafts: Record<string, Draft>): Record<string, SettingValue> {
  const changes: Record<string, SettingValue> = {};
  for (const state of settings) {
    const definition = DEFINITIONS.find((d) => d.key === state.key);
    const draft = drafts[state.key];
    if (!definition || draft === undefined || state.source === 'environment') continue;
    const value = fromDraft(asSetting(definition), draft);
    if (value !== state.value) changes[state.key] = value;
  }
  return changes;
}

/** Inline messages: each changed value against the catalog, and the idle timeout against the longest life. */
function formErrors(
  settings: readonly SystemSettingState[],
  changes: Record<string, SettingValue>,
  drafts: Record<string, Draft>,
) {
  const errors: Record<string, string> = {};
  for (const key of Object.keys(changes)) {
    const definition = DEFINITIONS.find((d) => d.key === key);
    const error = definition ? draftError(asSetting(definition), drafts[key] ?? '') : null;
    if (error) errors[key] = error;
  }
  const currentValue = (key: string) => (key in changes ? changes[key] : settings.find((s) => s.key === key)?.value);
  const idle = Number(currentValue('adminSessionIdleHours'));
  const absolute = Number(currentValue('adminSessionAbsoluteHours'));
  const touchesSessions = 'adminSessionIdleHours' in changes || 'adminSessionAbsoluteHours' in changes;
  if (touchesSessions && !errors.adminSessionIdleHours && !errors.adminSessionAbsoluteHours && idle > absolute) {
    errors.adminSessionIdleHours = SYSTEM_SETTING_MESSAGES.idleBeyondAbsolute;
  }
  return errors;
}

/**
 * System Settings (issue 15; spec 2 layout A /admin/settings): platform settings changed at run time, grouped as the
 * catalog groups them, each with where its value comes from. Environment values are read-only; a settings.view
 * admin sees the whole page read-only.
 */
export function SystemSettingsPage() {
  useDocumentTitle('System Settings');
  const canEdit = useAbilities().can('editSystemSettings');
  const settings = useSystemSettings();

  return (
    <div className="page system-settings">
      <PageHeader
        title="System Settings"
        lead="Platform settings that take effect without a restart. The environment wins over a saved value, a saved value over the default."
      />
      <QueryState query={settings} loading="Loading settings" errorTitle="Failed to load the settings" testId="settings">
        {(answer) => <SystemSettingsForm settings={answer.settings} canEdit={canEdit} />}
      </QueryState>
    </div>
  );
}

function SystemSettingsForm({ settings, canEdit }: { settings: readonly SystemSettingState[]; canEdit: boolean }) {
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const update = useUpdateSystemSettings();

  const changes = useMemo(() => changedValues(settings, drafts), [settings, drafts]);
  const errors = useMemo(() => formErrors(settings, changes, drafts), [settings, changes, drafts]);
  const changedCount = Object.keys(changes).length;
  const busy = update.isPending;

  function change(key: string, draft: Draft) {
    setDrafts((current) => ({ ...current, [key]: draft }));
    setTouched((current) => new Set(current).add(key));
    setServerErrors((current) => withoutField(current, key));
  }

  function save(body: Record<string, SettingValue | null>) {
    update.mutate(
      { settings: body as Record<string, string | number | boolean | null> },
      {
        onSuccess: () => {
          setDrafts({});
          setTouched(new Set());
          setServerErrors({});
        },
        onError: (error) => setServerErrors(fieldErrorsFromError(error)),
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (Object.keys(errors).length > 0) {
      setTouched(new Set([...touched, ...Object.keys(errors)]));
      // After the render that shows the messages.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    if (changedCount > 0) save(changes);
  }

  function discard() {
    setDrafts({});
    setTouched(new Set());
    setServerErrors({});
  }

  return (
    <form ref={formRef} className="system-settings__form" noValidate onSubmit={submit} aria-label="System settings">
      {!canEdit && (
        <p className="alert alert--warning" role="note" data-testid="read-only-note">
          Read-only: changing system settings needs admin.system_config
        </p>
      )}
      {GROUPS.map((group) => (
        <Card key={group} title={group} className="system-settings__group" data-testid={`group-${group}`}>
          <div className="system-settings__list">
            {DEFINITIONS.filter((d) => d.group === group).map((definition) => {
              const state = settings.find((s) => s.key === definition.key);
              if (!state) return null;
              const setting = asSetting(definition);
              const fromEnv = state.source === 'environment';
              const draft = drafts[state.key] ?? toDraft(setting, state.value);
              const isChanged = state.key in changes;
              const inline = touched.has(state.key) && isChanged ? errors[state.key] : undefined;
              const source = SOURCES[state.source];
              return (
                <div
                  key={state.key}
                  className={`system-setting${isChanged ? ' system-setting--changed' : ''}`}
                  data-testid={`setting-${state.key}`}
                >
                  <FormField
                    label={definition.label}
                    error={serverErrors[state.key] ?? inline}
                    hint={
                      <>
                        {definition.description}
                        {fromEnv && state.envVar && <strong className="system-setting__env"> Set by {state.envVar}</strong>}
                      </>
                    }
                  >
                    {(control) => (
                      <SettingInput
                        definition={setting}
                        draft={draft}
                        control={control}
                        disabled={!canEdit || fromEnv || busy}
                        onChange={(next) => change(state.key, next)}
                        onBlur={() => setTouched((current) => new Set(current).add(state.key))}
                      />
                    )}
                  </FormField>
                  <div className="system-setting__marks">
                    <Badge tone={source.tone} data-testid={`source-${state.key}`}>
                      {source.label}
                    </Badge>
                    {isChanged && (
                      <Badge tone="warn" dot="static">
                        Unsaved
                      </Badge>
                    )}
                    {state.source === 'database' && state.updatedAt && (
                      <span className="muted system-setting__meta">
                        Saved {formatDateTime(state.updatedAt)}
                        {state.updatedBy ? ` by ${state.updatedBy}` : ''}
                      </span>
                    )}
                    {state.source !== 'default' && (
                      <span className="muted system-setting__meta">
                        Default: {formatSettingValue(state.defaultValue, setting)}
                      </span>
                    )}
                    {canEdit && state.source === 'database' && (
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        onClick={() => save({ [state.key]: null })}
                        disabled={busy}
                        aria-label={`Reset to default: ${definition.label}`}
                      >
                        <RotateCcw size={14} aria-hidden="true" />
                        Reset to default
                      </button>
                    )}
                  </div>
                </div>
              );
            })}
          </div>
        </Card>
      ))}
      {canEdit && (
        <div className="form__actions system-settings__actions">
          {changedCount > 0 && (
            <span className="muted" data-testid="unsaved-changes">
              {changedCount} unsaved {changedCount === 1 ? 'change' : 'changes'}
            </span>
          )}
          <button type="button" className="button button--secondary" onClick={discard} disabled={busy || changedCount === 0}>
            Discard changes
          </button>
          <button type="submit" className="button button--primary" disabled={busy || changedCount === 0}>
            <Save size={16} aria-hidden="true" />
            {busy ? 'Saving...' : 'Save'}
          </button>
        </div>
      )}
    </form>
  );
}
