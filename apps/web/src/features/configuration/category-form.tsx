import {
  type CategorySettingsBody,
  CONFIG_MESSAGES,
  findSetting,
  type GuildCategoryState,
  type SettingCategory,
  type SettingCategoryId,
  type SettingDefinition,
} from '@guildhall/contract';
import { RotateCcw, Save } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Badge } from '../../ui/badge';
import { ConfirmModal } from '../../ui/confirm-modal';
import { fieldErrorsFromError, withoutField } from '../../ui/field-errors';
import { FormField } from '../../ui/form-field';
import { formatDateTime } from '../../ui/format-date';
import {
  type Draft,
  draftError,
  type CategoryForm as FormState,
  formatSettingValue,
  formChanges,
  formErrors,
  formFromState,
} from './config-form';
import { SettingInput } from './setting-input';
// The forms' styles travel with them: the community /settings page shows them too.
import '../../styles/configuration.css';

/** A pending call as the form needs it: a TanStack mutation of the admin or the community API. */
interface FormCall<Input> {
  mutate: (input: Input, options?: { onSuccess?: () => void; onError?: (error: unknown) => void }) => void;
  isPending: boolean;
}

/** Where a category form saves: the admin configuration API or a member's own guild (community /settings). */
export interface CategorySaver {
  update: FormCall<CategorySettingsBody>;
  reset: FormCall<SettingCategoryId>;
  /** Shown instead of the buttons to whoever may only read. */
  readOnlyNote: string;
}

interface CategoryFormProps {
  saver: CategorySaver;
  category: SettingCategory;
  state: GuildCategoryState;
  canEdit: boolean;
  /** The form as edited, for the Test AI panel. */
  onDraftChange?: (form: FormState) => void;
  /** How many settings differ from the saved ones, whenever that changes (0 after a save or discard). */
  onUnsavedChange?: (count: number) => void;
}

/** One category's settings as a form generated from the catalog: inline checks, Modified marks, resets, Save. */
export function CategoryForm({ saver, category, state, canEdit, onDraftChange, onUnsavedChange }: CategoryFormProps) {
  const [form, setFormState] = useState<FormState>(() => formFromState(category.id, state.settings));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [confirmReset, setConfirmReset] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { update, reset } = saver;

  const changes = useMemo(() => formChanges(category.id, state.settings, form), [category.id, state.settings, form]);
  const errors = useMemo(() => formErrors(category.id, changes, form), [category.id, changes, form]);
  const changedCount = Object.keys(changes).length;
  // A new URL clears the category's saved secrets on save (the server's rule): say so beside an untyped one.
  const isUrlChanged = Object.keys(changes).some((key) => findSetting(category.id, key)?.kind === 'url');
  const overriddenCount = state.settings.filter((setting) => setting.overridden).length;
  useEffect(() => onUnsavedChange?.(changedCount), [changedCount, onUnsavedChange]);
  // The form goes with its category or guild: whoever leaves it then has nothing unsaved left behind.
  useEffect(() => () => onUnsavedChange?.(0), [onUnsavedChange]);

  function setForm(next: FormState) {
    setFormState(next);
    onDraftChange?.(next);
  }

  function change(key: string, draft: Draft) {
    setForm({ ...form, drafts: { ...form.drafts, [key]: draft } });
    setTouched((current) => new Set(current).add(key));
    setServerErrors((current) => withoutField(current, key));
  }

  function toggleClear(key: string) {
    const clearSecrets = form.clearSecrets.includes(key)
      ? form.clearSecrets.filter((k) => k !== key)
      : [...form.clearSecrets, key];
    setForm({ ...form, drafts: { ...form.drafts, [key]: '' }, clearSecrets });
  }

  function discard() {
    setForm(formFromState(category.id, state.settings));
    setTouched(new Set());
    setServerErrors({});
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (Object.keys(errors).length > 0) {
      setTouched(new Set([...touched, ...Object.keys(errors)]));
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    if (changedCount === 0) return;
    update.mutate(
      { category: category.id, settings: changes },
      { onError: (error) => setServerErrors(fieldErrorsFromError(error)) },
    );
  }

  function resetSetting(key: string) {
    update.mutate(
      { category: category.id, settings: { [key]: null } },
      { onError: (error) => setServerErrors(fieldErrorsFromError(error)) },
    );
  }

  const busy = update.isPending || reset.isPending;

  return (
    <form ref={formRef} className="config-form" noValidate onSubmit={submit} aria-label={`${category.label} settings`}>
      <div className="config-form__head">
        <p className="muted">{category.description}</p>
        <div className="config-form__meta">
          {changedCount > 0 && (
            <Badge tone="warn" dot="static" data-testid="unsaved-changes">
              {changedCount} unsaved {changedCount === 1 ? 'change' : 'changes'}
            </Badge>
          )}
          <span className="muted" data-testid="category-version">
            Version {state.version}
            {state.updatedAt && ` · ${formatDateTime(state.updatedAt)}${state.updatedBy ? ` by ${state.updatedBy}` : ''}`}
          </span>
        </div>
      </div>
      {serverErrors.category && (
        <p className="alert alert--error" role="alert">
          {serverErrors.category}
        </p>
      )}
      <div className="config-settings">
        {state.settings.map((setting) => {
          const definition = findSetting(category.id, setting.key) as SettingDefinition | undefined;
          if (!definition) return null;
          const draft = form.drafts[setting.key] ?? '';
          const locked = !definition.guildOverridable;
          const inline = touched.has(setting.key) ? draftError(definition, draft) : null;
          const error = serverErrors[setting.key] ?? (setting.key in changes ? inline : null) ?? undefined;
          const clearing = form.clearSecrets.includes(setting.key);
          const mustRetype = definition.kind === 'secret' && setting.secretSet && isUrlChanged && draft === '' && !clearing;
          return (
            <div
              key={setting.key}
              className={`config-setting${setting.key in changes ? ' config-setting--changed' : ''}`}
              data-testid={`setting-${setting.key}`}
            >
              <FormField
                label={definition.label}
                error={error}
                hint={
                  <>
                    {definition.description}
                    {locked && <strong className="config-setting__locked"> Same for every guild.</strong>}
                    {mustRetype && (
                      <strong className="config-setting__retype" data-testid="secret-retype">
                        {' '}
                        {CONFIG_MESSAGES.aiKeyRetypeHint}
                      </strong>
                    )}
                  </>
                }
              >
                {(control) => (
                  <SettingInput
                    definition={definition}
                    draft={draft}
                    control={control}
                    disabled={!canEdit || locked || busy || clearing}
                    secretSet={setting.secretSet}
                    onChange={(next) => change(setting.key, next)}
                    onBlur={() => setTouched((current) => new Set(current).add(setting.key))}
                  />
                )}
              </FormField>
              <div className="config-setting__marks">
                {setting.overridden && definition.kind !== 'secret' && (
                  <Badge tone="brand" data-testid="modified-badge">
                    Modified
                  </Badge>
                )}
                {locked && <Badge tone="neutral">Locked</Badge>}
                {definition.kind === 'secret' && (
                  <Badge tone={setting.secretSet ? 'good' : 'neutral'} data-testid="secret-state">
                    {clearing ? 'Will be cleared' : setting.secretSet ? 'Set' : 'Not set'}
                  </Badge>
                )}
                {canEdit && definition.kind === 'secret' && setting.secretSet && (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => toggleClear(setting.key)}
                    disabled={busy}
                  >
                    {clearing ? 'Keep' : 'Clear'}
                  </button>
                )}
                {canEdit && setting.overridden && !locked && definition.kind !== 'secret' && (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => resetSetting(setting.key)}
                    disabled={busy}
                    aria-label={`Reset to default: ${definition.label}`}
                  >
                    <RotateCcw size={14} aria-hidden="true" />
                    Reset to default
                  </button>
                )}
                {setting.overridden && definition.kind !== 'secret' && (
                  <span className="muted config-setting__default">
                    Default: {formatSettingValue(definition.default, definition)}
                  </span>
                )}
              </div>
            </div>
          );
        })}
      </div>
      {canEdit ? (
        <div className="form__actions config-form__actions">
          <button
            type="button"
            className="button button--danger-outline"
            onClick={() => setConfirmReset(true)}
            disabled={busy || overriddenCount === 0}
          >
            Reset category
          </button>
          <span className="config-form__spacer" />
          <button type="button" className="button button--secondary" onClick={discard} disabled={busy || changedCount === 0}>
            Discard changes
          </button>
          <button type="submit" className="button button--primary" disabled={busy || changedCount === 0}>
            <Save size={16} aria-hidden="true" />
            {update.isPending ? 'Saving...' : 'Save'}
          </button>
        </div>
      ) : (
        <p className="muted">{saver.readOnlyNote}</p>
      )}
      <ConfirmModal
        isOpen={confirmReset}
        title="Reset category"
        confirmLabel="Reset category"
        busyLabel="Resetting..."
        isBusy={reset.isPending}
        isDanger
        onClose={() => setConfirmReset(false)}
        onConfirm={() => reset.mutate(category.id, { onSuccess: () => setConfirmReset(false) })}
        testId="reset-category"
      >
        <p>
          Every {category.label} setting of this guild goes back to its default ({overriddenCount}{' '}
          {overriddenCount === 1 ? 'override' : 'overrides'} dropped). The change is kept as a version and can be rolled back.
        </p>
      </ConfirmModal>
    </form>
  );
}
