import { type CreateRaidInput, type CreateSeriesInput, raidsApi, raidTemplatesApi, type SignupInput } from '@guildhall/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../ui/toast-context';
import { useLiveRefresh } from './community-socket';
import { callCommunityEndpoint } from './endpoint';

/** Query keys of the selected guild's raids: each names its guild, so a switch never shows another guild's raids. */
export const raidKeys = {
  all: (guildId: string) => ['community-guild', guildId, 'raids'] as const,
  calendar: (guildId: string, from: string, to: string) => [...raidKeys.all(guildId), 'calendar', from, to] as const,
  characters: (guildId: string) => ['community-guild', guildId, 'my-characters'] as const,
  templates: (guildId: string) => ['community-guild', guildId, 'raid-templates'] as const,
};

/** GET /api/guild/raids: the guild's raids starting in [from, to), with the caller's answers. */
export function useRaidCalendarQuery(guildId: string, range: { from: string; to: string }) {
  return useQuery({
    queryKey: raidKeys.calendar(guildId, range.from, range.to),
    queryFn: ({ signal }) => callCommunityEndpoint(raidsApi.calendar, { guildId, query: range, signal }),
  });
}

/** GET /api/guild/my-characters: the characters the caller may sign up with. */
export function useOwnCharactersQuery(guildId: string) {
  return useQuery({
    queryKey: raidKeys.characters(guildId),
    queryFn: ({ signal }) => callCommunityEndpoint(raidsApi.ownCharacters, { guildId, signal }),
  });
}

/** GET /api/guild/raid-templates, for officers (raids.manage) only. */
export function useRaidTemplatesQuery(guildId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: raidKeys.templates(guildId),
    queryFn: ({ signal }) => callCommunityEndpoint(raidTemplatesApi.list, { guildId, signal }),
    enabled: isEnabled,
  });
}

/** PUT /api/guild/raids/:raidId/signup: answers a raid, refreshing the calendar. */
export function useSignUpMutation(guildId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ raidId, answer }: { raidId: string; answer: SignupInput }) =>
      callCommunityEndpoint(raidsApi.signUp, { guildId, params: { raidId }, body: answer }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: raidKeys.all(guildId) });
    },
  });
}

/** POST /api/guild/raids or /api/guild/raid-series: plans one raid or a weekly series. */
export function usePlanRaidMutation(guildId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (
      plan: { kind: 'raid'; body: CreateRaidInput } | { kind: 'series'; body: CreateSeriesInput },
    ): Promise<{ message: string }> =>
      plan.kind === 'raid'
        ? callCommunityEndpoint(raidsApi.create, { guildId, body: plan.body })
        : callCommunityEndpoint(raidsApi.createSeries, { guildId, body: plan.body }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return queryClient.invalidateQueries({ queryKey: raidKeys.all(guildId) });
    },
  });
}

const RAID_EVENTS = ['raid:answered', 'raid:composition'] as const;

/** Refreshes the guild's raids when a member answers one or an officer changes a composition board. */
export const useLiveRaidAnswers = (guildId: string): void => useLiveRefresh(guildId, RAID_EVENTS, raidKeys.all);
