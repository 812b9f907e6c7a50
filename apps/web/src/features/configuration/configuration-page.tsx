import {
  type AdminScreen,
  guildConfigApi,
  SETTING_CATEGORIES,
  type SettingCategoryId,
  type SettingValue,
} from '@guildhall/contract';
import { useCallback, useMemo, useRef } from 'react';
import { z } from 'zod';
import { useGuildSettings, useResetCategory, useUpdateGuildSettings } from '../../api/guild-config';
import { useAbilities } from '../../auth/abilities';
import { Card } from '../../ui/card';
import { GuildPicker } from '../../ui/guild-picker';
import { PageHeader } from '../../ui/page-header';
import { QueryState } from '../../ui/query-state';
import { type TabItem, TabPanel, Tabs, tabButtonId, tabPanelId } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { tabQuery, useUrlQuery } from '../../ui/use-url-query';
import { BulkPanel } from './bulk-panel';
import { CategoryForm } from './category-form';
import { ComparePanel } from './compare-panel';
import { type CategoryForm as FormState, formConfig, formFromState } from './config-form';
import { useConfigGuildChoices } from './guild-picker';
import { HistoryPanel } from './history-panel';
import { TemplatesPanel } from './templates-panel';
import { TestAiPanel, TestMemoryPanel } from './test-panels';
import { useUnsavedGuard } from './unsaved-guard';
import '../../styles/configuration.css';

type View = 'settings' | 'templates' | 'compare' | 'bulk';
const VIEWS: readonly TabItem<View>[] = [
  { id: 'settings', label: 'Settings' },
  { id: 'templates', label: 'Templates' },
  { id: 'compare', label: 'Compare' },
  { id: 'bulk', label: 'Bulk update' },
];
const CATEGORY_TABS: readonly TabItem<SettingCategoryId>[] = SETTING_CATEGORIES.map((c) => ({ id: c.id, label: c.label }));

/**
 * The screen's state in the URL (?view=&guild=&category=): the guild and category as the settings call takes them.
 */
const configQuery = z.object({
  view: tabQuery(VIEWS).shape.tab,
  guild: guildConfigApi.settings.params.shape.id.optional(),
  category: guildConfigApi.settings.query.shape.category.unwrap().default(SETTING_CATEGORIES[0].id),
});

/** Guild configuration (issue 15): the catalog's settings per guild, history, tests, templates, compare, bulk. */
export function ConfigurationPage({ screen }: { screen?: AdminScreen }) {
  useDocumentTitle(screen?.label ?? 'Configuration');
  const { query, set } = useUrlQuery(configQuery);
  const { view, category } = query;
  const guildId = query.guild ?? null;
  const canEdit = useAbilities().can('editGuildSettings');
  const settings = useGuildSettings(guildId);
  const guild = settings.data?.guild ?? null;
  const unsaved = useUnsavedGuard();

  return (
    <div className="page configuration">
      <PageHeader
        title={screen?.label ?? 'Configuration'}
        lead="How each guild’s bot behaves: settings over the defaults, with history, templates and tests"
      />
      <Tabs
        label="Configuration"
        tabs={VIEWS}
        active={view}
        onChange={(next) => unsaved.guard(() => set({ view: next }))}
        idPrefix="config-view"
      />
      <TabPanel idPrefix="config-view" tab={view} className="tab-panel config-view" testId={`config-view-${view}`}>
        {view === 'settings' && (
          <div className="config-layout">
            <Card className="config-layout__picker">
              <GuildPicker
                guildId={guildId}
                guildName={settings.data?.guild.name}
                onChange={(picked) => picked && unsaved.guard(() => set({ guild: picked.id }))}
                label="Guild"
                placeholder="Choose a guild"
                useOptions={useConfigGuildChoices}
                testId="guild-picker"
                inputTestId="config-guild-picker"
                variant="toolbar"
              />
            </Card>
            <div className="config-layout__main">
              {!guildId && (
                <Card>
                  <p className="muted">Choose a guild to see and change its settings.</p>
                </Card>
              )}
              {guildId && (
                <QueryState
                  query={settings}
                  loading="Loading settings..."
                  errorTitle="Failed to load the settings"
                  testId="config-settings"
                >
                  {(answer) => (
                    <GuildSettings
                      guildId={guildId}
                      guildName={answer.guild.name}
                      categories={answer.categories}
                      category={category}
                      onCategory={(next) => unsaved.guard(() => set({ category: next }))}
                      onUnsavedChange={unsaved.onUnsavedChange}
                      canEdit={canEdit}
                    />
                  )}
                </QueryState>
              )}
            </div>
          </div>
        )}
        {view === 'templates' && <TemplatesPanel guild={guild} canEdit={canEdit} />}
        {view === 'compare' && <ComparePanel />}
        {view === 'bulk' && <BulkPanel canEdit={canEdit} />}
      </TabPanel>
      {unsaved.prompt}
    </div>
  );
}

type CategoryStates = NonNullable<ReturnType<typeof useGuildSettings>['data']>['categories'];

/** The chosen guild: category tabs with their form, the category's tests and its history. */
function GuildSettings({
  guildId,
  guildName,
  categories,
  category,
  onCategory,
  onUnsavedChange,
  canEdit,
}: {
  guildId: string;
  guildName: string;
  categories: CategoryStates;
  category: SettingCategoryId;
  onCategory: (category: SettingCategoryId) => void;
  onUnsavedChange: (count: number) => void;
  canEdit: boolean;
}) {
  const definition = SETTING_CATEGORIES.find((c) => c.id === category) ?? SETTING_CATEGORIES[0];
  const state = categories.find((c) => c.category === category);
  const update = useUpdateGuildSettings(guildId);
  const reset = useResetCategory(guildId);
  const saver = { update, reset, readOnlyNote: 'Read-only: changing settings needs admin.system_config' };
  // The AI form as edited, for Test AI; only while it belongs to this guild's saved version.
  const aiForm = useRef<{ key: string; form: FormState } | null>(null);
  const aiState = categories.find((c) => c.category === 'ai');
  const aiKey = `${guildId}:${aiState?.version ?? 0}`;
  const overrides = useMemo(
    () => categories.reduce((sum, c) => sum + c.settings.filter((s) => s.overridden).length, 0),
    [categories],
  );
  const aiConfig = useCallback((): Record<string, SettingValue> => {
    const edited = aiForm.current?.key === aiKey ? aiForm.current.form : null;
    return formConfig('ai', edited ?? formFromState('ai', aiState?.settings ?? []));
  }, [aiKey, aiState]);

  return (
    <div className="config-stack" data-testid="guild-settings">
      <div className="config-guild-title">
        <h2 className="config-guild-title__name">{guildName}</h2>
        <span className="muted">
          {overrides} {overrides === 1 ? 'setting overrides' : 'settings override'} the defaults
        </span>
      </div>
      <Tabs label="Settings categories" tabs={CATEGORY_TABS} active={category} onChange={onCategory} idPrefix="config-category" />
      <Card
        className="config-category"
        role="tabpanel"
        id={tabPanelId('config-category', category)}
        aria-labelledby={tabButtonId('config-category', category)}
        data-testid={`category-${category}`}
      >
        {state ? (
          <CategoryForm
            key={`${guildId}:${category}:${state.version}`}
            saver={saver}
            category={definition}
            state={state}
            canEdit={canEdit}
            onDraftChange={category === 'ai' ? (form) => (aiForm.current = { key: aiKey, form }) : undefined}
            onUnsavedChange={onUnsavedChange}
          />
        ) : (
          <p className="muted">This category has no settings.</p>
        )}
      </Card>
      {category === 'ai' && <TestAiPanel key={guildId} guildId={guildId} config={aiConfig} canEdit={canEdit} />}
      {category === 'memory' && <TestMemoryPanel key={guildId} guildId={guildId} canEdit={canEdit} />}
      {state && <HistoryPanel guildId={guildId} category={definition} currentVersion={state.version} canEdit={canEdit} />}
    </div>
  );
}
