import { type BulkUpdateBody, SETTING_CATEGORIES, type SettingCategoryId, type SettingDefinition } from '@guildhall/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { useBulkUpdate } from '../../api/guild-config';
import { Card } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { ApplyButtons, ApplyPreview, ModeChoice, useApplyChoice } from './apply-preview';
import { type Draft, draftError, fromDraft, toDraft } from './config-form';
import { GuildMultiSelect } from './guild-picker';
import { SettingInput } from './setting-input';

const settingsOf = (category: SettingCategoryId) =>
  (SETTING_CATEGORIES.find((c) => c.id === category)?.settings ?? []) as readonly SettingDefinition[];
/** Secrets are set one guild at a time and locked settings not at all: bulk offers the rest. */
const bulkSettings = (category: SettingCategoryId) =>
  settingsOf(category).filter((s) => s.guildOverridable && s.kind !== 'secret');

/** Bulk update: one setting to one value for many guilds, previewed, then applied in one go. */
export function BulkPanel({ canEdit }: { canEdit: boolean }) {
  const bulk = useBulkUpdate();
  const { guilds, mode, preview, setPreview, guildsProps, modeProps } = useApplyChoice();
  const [category, setCategory] = useState<SettingCategoryId>(SETTING_CATEGORIES[0].id);
  const [key, setKey] = useState<string>(bulkSettings(SETTING_CATEGORIES[0].id)[0]?.key ?? '');
  const definition = bulkSettings(category).find((s) => s.key === key);
  const [draft, setDraft] = useState<Draft>(definition ? toDraft(definition, definition.default) : '');
  const [serverError, setServerError] = useState<string | undefined>();
  const error = definition ? (draftError(definition, draft) ?? serverError) : undefined;

  function chooseSetting(nextCategory: SettingCategoryId, nextKey: string) {
    const next = bulkSettings(nextCategory).find((s) => s.key === nextKey) ?? bulkSettings(nextCategory)[0];
    setCategory(nextCategory);
    setKey(next?.key ?? '');
    setDraft(next ? toDraft(next, next.default) : '');
    setPreview(null);
    setServerError(undefined);
  }

  function run(isPreview: boolean) {
    if (!definition || error) return;
    bulk.mutate(
      {
        guildIds: guilds.map((g) => g.id),
        mode,
        preview: isPreview,
        settings: { [category]: { [definition.key]: fromDraft(definition, draft) } } as BulkUpdateBody['settings'],
      },
      {
        onSuccess: (answer) => setPreview(answer),
        onError: (e) => setServerError(errorMessage(e)),
      },
    );
  }

  return (
    <Card title="Bulk update" data-testid="bulk">
      <div className="config-columns config-columns--even">
        <GuildMultiSelect label="Guilds" {...guildsProps} testId="bulk-guilds" />
        <div className="form">
          <FormField label="Category">
            {(control) => (
              <select
                {...control}
                value={category}
                onChange={(event) => chooseSetting(event.target.value as SettingCategoryId, '')}
              >
                {SETTING_CATEGORIES.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Setting">
            {(control) => (
              <select {...control} value={key} onChange={(event) => chooseSetting(category, event.target.value)}>
                {bulkSettings(category).map((s) => (
                  <option key={s.key} value={s.key}>
                    {s.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {definition && (
            <FormField label={`New value: ${definition.label}`} error={error} hint={definition.description}>
              {(control) => (
                <SettingInput
                  definition={definition}
                  draft={draft}
                  control={control}
                  disabled={!canEdit}
                  onChange={(next) => {
                    setDraft(next);
                    setPreview(null);
                    setServerError(undefined);
                  }}
                />
              )}
            </FormField>
          )}
          <ModeChoice {...modeProps} />
          <div className="form__actions">
            <ApplyButtons
              onRun={run}
              canPreview={canEdit && !bulk.isPending && guilds.length > 0 && !error}
              canApply={canEdit && !bulk.isPending && preview !== null && !preview.applied}
              guildCount={guilds.length}
              busyLabel={bulk.isPending ? 'Working...' : null}
            />
          </div>
        </div>
      </div>
      {preview && <ApplyPreview answer={preview} />}
    </Card>
  );
}
