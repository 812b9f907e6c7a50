import {
  type BulkUpdateBody,
  type CategorySettingsBody,
  CONFIG_MESSAGES,
  type ConfigApplyMode,
  type CreateTemplateBody,
  communityGuildConfigApi,
  type GuildCategoryState,
  guildConfigApi,
  type SettingCategoryId,
  type SettingValue,
} from '@guildhall/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../ui/toast-context';
import { ApiError, errorMessage } from './api-error';
import { callCommunityEndpoint, callEndpoint, type EndpointResponse } from './endpoint';

/** Guild configuration answers as the API gives them (issue 15). */
export type ConfigGuildList = EndpointResponse<typeof guildConfigApi.guilds>;
export type GuildSettingsAnswer = EndpointResponse<typeof guildConfigApi.settings>;
export type ConfigApplyAnswer = EndpointResponse<typeof guildConfigApi.bulkUpdate>;
export type ConfigCompareAnswer = EndpointResponse<typeof guildConfigApi.compare>;

/** Query keys of the guild configuration. */
export const guildConfigKeys = {
  all: ['guild-config'] as const,
  guilds: (search: string) => [...guildConfigKeys.all, 'guilds', search] as const,
  guild: (guildId: string) => [...guildConfigKeys.all, 'guild', guildId] as const,
  settings: (guildId: string) => [...guildConfigKeys.guild(guildId), 'settings'] as const,
  versions: (guildId: string, category: string) => [...guildConfigKeys.guild(guildId), 'versions', category] as const,
  templates: () => [...guildConfigKeys.all, 'templates'] as const,
  compare: (guildIds: readonly string[]) => [...guildConfigKeys.all, 'compare', guildIds.join(',')] as const,
};

/** True when the server refused a form with messages per field. */
export const hasConfigFieldErrors = (error: unknown): error is ApiError =>
  error instanceof ApiError && Object.keys(error.fields).length > 0;

/** Guilds with how many settings each overrides, filtered by a search. */
export function useConfigGuilds(search: string) {
  return useQuery({
    queryKey: guildConfigKeys.guilds(search),
    queryFn: ({ signal }) => callEndpoint(guildConfigApi.guilds, { signal, query: { search: search || undefined } }),
    placeholderData: keepPreviousData,
  });
}

/** Every category of one guild's settings. */
export function useGuildSettings(guildId: string | null) {
  return useQuery({
    queryKey: guildConfigKeys.settings(guildId ?? ''),
    queryFn: ({ signal }) => callEndpoint(guildConfigApi.settings, { signal, params: { id: guildId ?? '' } }),
    enabled: guildId !== null,
  });
}

/** The kept versions of a guild's category, newest first. */
export function useConfigVersions(guildId: string | null, category: SettingCategoryId) {
  return useQuery({
    queryKey: guildConfigKeys.versions(guildId ?? '', category),
    queryFn: ({ signal }) =>
      callEndpoint(guildConfigApi.versions, { signal, params: { id: guildId ?? '' }, query: { category, limit: 50 } }),
    enabled: guildId !== null,
  });
}

/** The settings templates. */
export function useConfigTemplates() {
  return useQuery({
    queryKey: guildConfigKeys.templates(),
    queryFn: ({ signal }) => callEndpoint(guildConfigApi.templates, { signal }),
  });
}

/** Guilds side by side (2 to 5). */
export function useConfigCompare(guildIds: readonly string[]) {
  return useQuery({
    queryKey: guildConfigKeys.compare(guildIds),
    queryFn: ({ signal }) => callEndpoint(guildConfigApi.compare, { signal, query: { guildIds: guildIds.join(',') } }),
    enabled: guildIds.length >= 2,
  });
}

/** After a write every guild list, setting, version and comparison is read again. */
function useConfigChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: guildConfigKeys.all });
}

/** PUT a category's changes (null: back to the default); field errors are left to the form. */
export function useUpdateGuildSettings(guildId: string) {
  const toast = useToast();
  const changed = useConfigChanged();
  return useMutation({
    mutationFn: (body: CategorySettingsBody) => callEndpoint(guildConfigApi.update, { params: { id: guildId }, body }),
    onSuccess: (answer) => {
      toast.success(answer.message || CONFIG_MESSAGES.saved);
      return changed();
    },
    onError: (error) => {
      if (!hasConfigFieldErrors(error)) toast.error(errorMessage(error));
    },
  });
}

/** Drops a category's overrides. */
export function useResetCategory(guildId: string) {
  const toast = useToast();
  const changed = useConfigChanged();
  return useMutation({
    mutationFn: (category: SettingCategoryId) =>
      callEndpoint(guildConfigApi.reset, { params: { id: guildId }, body: { category } }),
    onSuccess: (answer) => {
      toast.success(answer.message || CONFIG_MESSAGES.categoryReset);
      return changed();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

/** Sets a category back to a version. */
export function useRollback(guildId: string) {
  const toast = useToast();
  const changed = useConfigChanged();
  return useMutation({
    mutationFn: (body: { category: SettingCategoryId; version: number }) =>
      callEndpoint(guildConfigApi.rollback, { params: { id: guildId }, body }),
    onSuccess: (answer, body) => {
      toast.success(answer.message || CONFIG_MESSAGES.rolledBack(body.version));
      return changed();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

/** Test AI with the form's (unsaved) values; the result is shown, not toasted. */
export function useTestAi(guildId: string) {
  return useMutation({
    mutationFn: (config: Record<string, SettingValue>) =>
      callEndpoint(guildConfigApi.testAi, { params: { id: guildId }, body: { config } }),
  });
}

/** Test Memory on a sample message. */
export function useTestMemory(guildId: string) {
  return useMutation({
    mutationFn: (message: string) =>
      callEndpoint(guildConfigApi.testMemory, { params: { id: guildId }, body: message.trim() ? { message } : {} }),
  });
}

/** A bulk change, previewed (nothing toasted) or applied. */
export function useBulkUpdate() {
  const toast = useToast();
  const changed = useConfigChanged();
  return useMutation({
    mutationFn: (body: BulkUpdateBody) => callEndpoint(guildConfigApi.bulkUpdate, { body }),
    onSuccess: (answer) => {
      if (!answer.applied) return;
      toast.success(answer.message || CONFIG_MESSAGES.bulkApplied(answer.guilds.length));
      return changed();
    },
    onError: (error) => {
      if (!hasConfigFieldErrors(error)) toast.error(errorMessage(error));
    },
  });
}

/** Creates a template from a guild's overrides. */
export function useCreateTemplate() {
  const toast = useToast();
  const changed = useConfigChanged();
  return useMutation({
    mutationFn: (body: CreateTemplateBody) => callEndpoint(guildConfigApi.createTemplate, { body }),
    onSuccess: (answer) => {
      toast.success(answer.message || CONFIG_MESSAGES.templateCreated);
      return changed();
    },
    onError: (error) => {
      if (!hasConfigFieldErrors(error)) toast.error(errorMessage(error));
    },
  });
}

/** Applies a template to guilds, or previews it. */
export function useApplyTemplate() {
  const toast = useToast();
  const changed = useConfigChanged();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; guildIds: string[]; mode: ConfigApplyMode; preview: boolean }) =>
      callEndpoint(guildConfigApi.applyTemplate, { params: { id }, body }),
    onSuccess: (answer) => {
      if (!answer.applied) return;
      toast.success(answer.message || CONFIG_MESSAGES.templateApplied(answer.guilds.length));
      return changed();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

/** Deletes a template. */
export function useDeleteTemplate() {
  const toast = useToast();
  const changed = useConfigChanged();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(guildConfigApi.deleteTemplate, { params: { id } }),
    onSuccess: (answer) => {
      toast.success(answer.message || CONFIG_MESSAGES.templateDeleted);
      return changed();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

/** Query keys of a member's own guild configuration (community /settings). */
const communityConfigKey = (guildId: string) => ['community-guild', guildId, 'config'] as const;

/** The selected guild's settings for a member (X-Guild-ID), with whether they may change them. */
export function useCommunityGuildSettings(guildId: string | null) {
  return useQuery({
    queryKey: communityConfigKey(guildId ?? ''),
    queryFn: ({ signal }) => callCommunityEndpoint(communityGuildConfigApi.settings, { guildId: guildId ?? '', signal }),
    enabled: guildId !== null,
  });
}

/**
 * A member's saves: a category's changes, and a category back to its defaults (its overridden settings set to null,
 * as the community API has no reset of its own).
 */
export function useCommunityCategorySaver(guildId: string, categories: readonly GuildCategoryState[]) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const changed = () => queryClient.invalidateQueries({ queryKey: communityConfigKey(guildId) });
  const put = (body: CategorySettingsBody) => callCommunityEndpoint(communityGuildConfigApi.update, { guildId, body });
  const update = useMutation({
    mutationFn: put,
    onSuccess: (answer) => {
      toast.success(answer.message || CONFIG_MESSAGES.saved);
      return changed();
    },
    onError: (error) => {
      if (!hasConfigFieldErrors(error)) toast.error(errorMessage(error));
    },
  });
  const reset = useMutation({
    mutationFn: (category: SettingCategoryId) => {
      const overridden = categories.find((c) => c.category === category)?.settings.filter((s) => s.overridden) ?? [];
      return put({ category, settings: Object.fromEntries(overridden.map((s) => [s.key, null])) });
    },
    onSuccess: () => {
      toast.success(CONFIG_MESSAGES.categoryReset);
      return changed();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return { update, reset };
}
