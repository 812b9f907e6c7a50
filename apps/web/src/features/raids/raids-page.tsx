import { addDays, MESSAGES, type RaidSummary } from '@guildhall/contract';
import { CalendarPlus, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { useLiveRaidAnswers, useRaidCalendarQuery } from '../../api/raids';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { QueryState } from '../../ui/query-state';
import { PageSpinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useUrlQuery } from '../../ui/use-url-query';
import { PlanRaidModal } from './plan-raid-modal';
import { RaidCard } from './raid-card';
import { RaidFeedPanel } from './raid-feed-panel';
import { dayLabel, ownDate, ownTimeZone, today, WINDOW_DAYS, windowOf } from './raid-times';
import { ReminderChoices } from './reminder-choices';
import { SignupModal } from './signup-modal';
import '../../styles/raids.css';

/** The window's first day in the URL; today when absent. */
const RAIDS_QUERY = z.object({ from: z.iso.date().optional() });

/** The raids of a window grouped by the viewer's day, in start order. */
function byDay(raids: readonly RaidSummary[]): [string, RaidSummary[]][] {
  const days = new Map<string, RaidSummary[]>();
  for (const raid of raids) {
    const day = ownDate(raid.startsAt);
    days.set(day, [...(days.get(day) ?? []), raid]);
  }
  return [...days];
}

/**
 * /raids: the selected guild's raids of four weeks, in the member's own time zone with the guild's server time beside
 * each, the member's answer and the seats filled by role; answering from the list; planning for officers. The window's
 * first day is in the URL (?from=YYYY-MM-DD); answers of others arrive live.
 */
export function RaidsPage() {
  const { selectedGuild } = useCommunitySession();
  const guildId = selectedGuild?.id ?? '';
  const url = useUrlQuery(RAIDS_QUERY);
  const from = url.query.from ?? today();
  const calendar = useRaidCalendarQuery(guildId, windowOf(from));
  const [answering, setAnswering] = useState<RaidSummary | null>(null);
  const [isPlanning, setIsPlanning] = useState(false);
  useLiveRaidAnswers(guildId);
  useDocumentTitle('Raids', 'community');

  if (!selectedGuild) return <PageSpinner />;
  const moveTo = (date: string) => url.set({ from: date === today() ? undefined : date });
  return (
    <div className="page raids-page" data-testid="raids-page">
      <header className="raids-page__header">
        <h1 className="raids-page__title">Raids</h1>
        <div className="raids-page__nav">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => moveTo(addDays(from, -WINDOW_DAYS))}
          >
            <ChevronLeft size={16} aria-hidden="true" /> Earlier
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => moveTo(today())}>
            Today
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => moveTo(addDays(from, WINDOW_DAYS))}
          >
            Later <ChevronRight size={16} aria-hidden="true" />
          </button>
          {calendar.data?.canManage && (
            <button type="button" className="button button--primary button--small" onClick={() => setIsPlanning(true)}>
              <CalendarPlus size={16} aria-hidden="true" /> Plan a raid
            </button>
          )}
        </div>
      </header>
      <QueryState
        query={calendar}
        variant="page"
        loading="Loading raids..."
        errorTitle="The raids could not be loaded"
        errorText={MESSAGES.requestFailed}
        isEmpty={(data) => data.raids.length === 0}
        emptyTitle="No raids in these four weeks"
        testId="raids"
      >
        {({ raids, timeZone }) => (
          <>
            <p className="raids-page__zones">
              Times in your time zone ({ownTimeZone()}); the guild's server time is {timeZone}.
            </p>
            <ReminderChoices guildId={guildId} />
            {byDay(raids).map(([day, dayRaids]) => (
              <section key={day} className="raids-day" aria-label={dayLabel(dayRaids[0]!.startsAt, ownTimeZone())}>
                <h2 className="raids-day__title">{dayLabel(dayRaids[0]!.startsAt, ownTimeZone())}</h2>
                {dayRaids.map((raid) => (
                  <RaidCard key={raid.id} raid={raid} guildTimeZone={timeZone} onAnswer={setAnswering} />
                ))}
              </section>
            ))}
          </>
        )}
      </QueryState>
      <RaidFeedPanel guildId={guildId} />
      {answering && <SignupModal guildId={guildId} raid={answering} onClose={() => setAnswering(null)} />}
      {isPlanning && calendar.data && (
        <PlanRaidModal guildId={guildId} guildTimeZone={calendar.data.timeZone} onClose={() => setIsPlanning(false)} />
      )}
    </div>
  );
}
