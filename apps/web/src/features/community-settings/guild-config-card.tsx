import { SETTING_CATEGORIES, type SettingCategoryId, type UserGuild } from '@guildhall/contract';
import { useState } from 'react';
import { useCommunityCategorySaver, useCommunityGuildSettings } from '../../api/guild-config';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { TabPanel, Tabs } from '../../ui/tabs';
import { CategoryForm } from '../configuration/category-form';

const CATEGORY_TABS = SETTING_CATEGORIES.map((category) => ({ id: category.id, label: category.label }));

/**
 * The selected guild's bot configuration on /settings (issue 15): the catalog's forms, read-only for a member with
 * settings.view, editable with guild.manage_settings. Members without settings.view see no card (the API answers 403).
 */
export function GuildConfigCard({ guild }: { guild: UserGuild }) {
  const query = useCommunityGuildSettings(guild.id);
  const [category, setCategory] = useState<SettingCategoryId>('general');
  const categories = query.data?.categories ?? [];
  const saver = useCommunityCategorySaver(guild.id, categories);
  if (query.isError) return null;
  const definition = SETTING_CATEGORIES.find((c) => c.id === category) ?? SETTING_CATEGORIES[0];
  const state = categories.find((c) => c.category === category);
  const canEdit = query.data?.canEdit ?? false;

  return (
    <Card title={`${guild.name}: bot settings`} data-testid="guild-config">
      {!query.data ? (
        <Spinner label="Loading the guild's settings" />
      ) : (
        <>
          <Tabs
            label="Settings categories"
            tabs={CATEGORY_TABS}
            active={category}
            onChange={setCategory}
            idPrefix="guild-config-category"
          />
          <TabPanel idPrefix="guild-config-category" tab={category}>
            {state && (
              <CategoryForm
                key={`${guild.id}:${category}:${state.version}`}
                saver={{
                  ...saver,
                  readOnlyNote: "Read-only: changing the guild's settings needs the permission to manage them",
                }}
                category={definition}
                state={state}
                canEdit={canEdit}
              />
            )}
          </TabPanel>
        </>
      )}
    </Card>
  );
}
