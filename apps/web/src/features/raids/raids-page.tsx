import {
  MESSAGES,
  RAID_CALENDAR_VIEWS,
  type RaidCalendarView,
  type RaidSummary,
  raidCalendarPageQuery,
} from '@guildhall/contract';
import { CalendarPlus, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useLiveRaidAnswers, useRaidCalendarQuery } from '../../api/raids';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { QueryState } from '../../ui/query-state';
import { PageSpinner } from '../../ui/spinner';
import { Tabs, tabButtonId, tabPanelId } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useUrlQuery } from '../../ui/use-url-query';
import { AvailabilityPanel } from './availability-panel';
import { periodOf, rangeOf } from './calendar-period';
import { MyAttendance } from './my-attendance';
import { PlanRaidModal } from './plan-raid-modal';
import { RaidCard } from './raid-card';
import { RaidFeedPanel } from './raid-feed-panel';
import { RaidPeriodGrid } from './raid-period-grid';
import { dayLabel, ownTimeZone, raidsByDay, today } from './raid-times';
import { ReminderChoices } from './reminder-choices';
import { SignupModal } from './signup-modal';
import '../../styles/raids.css';

const VIEW_TABS: readonly { id: RaidCalendarView; label: string }[] = RAID_CALENDAR_VIEWS.map((id) => ({
  id,
  label: { list: 'List', month: 'Month', week: 'Week' }[id],
}));
const EMPTY_TITLE: Record<RaidCalendarView, string> = {
  list: 'No raids in these four weeks',
  month: 'No raids this month',
  week: 'No raids this week',
};

/** The list view: the period's raids by day, each a card to answer from. */
function RaidList({
  raids,
  timeZone,
  onAnswer,
}: {
  raids: RaidSummary[];
  timeZone: string;
  onAnswer: (raid: RaidSummary) => void;
}) {
  return [...raidsByDay(raids)].map(([day, dayRaids]) => (
    <section key={day} className="raids-day" aria-label={dayLabel(dayRaids[0]!.startsAt, ownTimeZone())}>
      <h2 className="raids-day__title">{dayLabel(dayRaids[0]!.startsAt, ownTimeZone())}</h2>
      {dayRaids.map((raid) => (
        <RaidCard key={raid.id} raid={raid} guildTimeZone={timeZone} onAnswer={onAnswer} />
      ))}
    </section>
  ));
}

/**
 * /raids: the selected guild's raids as a list of four weeks, a month or a week, in the member's own time zone with the
 * guild's server time beside it; the member's answer and the seats filled by role; answering from the list; planning for
 * officers; the member's reminders and calendar feed. The view and a day of its period are in the URL
 * (?view=month&date=YYYY-MM-DD); answers of others arrive live.
 */
export function RaidsPage() {
  const { selectedGuild } = useCommunitySession();
  const guildId = selectedGuild?.id ?? '';
  const url = useUrlQuery(raidCalendarPageQuery);
  const { view } = url.query;
  const period = periodOf(view, url.query.date ?? today());
  const calendar = useRaidCalendarQuery(guildId, rangeOf(period));
  const [answering, setAnswering] = useState<RaidSummary | null>(null);
  const [isPlanning, setIsPlanning] = useState(false);
  useLiveRaidAnswers(guildId);
  useDocumentTitle('Raids', 'community');

  if (!selectedGuild) return <PageSpinner />;
  const moveTo = (date: string | undefined) => url.set({ date: date === today() ? undefined : date });
  return (
    <div className="page raids-page" data-testid="raids-page">
      <header className="raids-page__header">
        <h1 className="raids-page__title">Raids</h1>
        {calendar.data?.canManage && (
          <button type="button" className="button button--primary button--small" onClick={() => setIsPlanning(true)}>
            <CalendarPlus size={16} aria-hidden="true" /> Plan a raid
          </button>
        )}
      </header>
      <div className="raids-page__toolbar">
        <Tabs
          label="Calendar view"
          tabs={VIEW_TABS}
          active={view}
          onChange={(next) => url.set({ view: next })}
          idPrefix="raid-view"
        />
        <nav className="raids-page__nav" aria-label="Calendar period">
          <button type="button" className="button button--secondary button--small" onClick={() => moveTo(period.previous)}>
            <ChevronLeft size={16} aria-hidden="true" /> Earlier
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => moveTo(undefined)}>
            Today
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => moveTo(period.next)}>
            Later <ChevronRight size={16} aria-hidden="true" />
          </button>
        </nav>
      </div>
      <div role="tabpanel" id={tabPanelId('raid-view', view)} aria-labelledby={tabButtonId('raid-view', view)}>
        <h2 className="raids-page__period" data-testid="raids-period" aria-live="polite">
          {period.label}
        </h2>
        <QueryState
          query={calendar}
          variant="page"
          loading="Loading raids..."
          errorTitle="The raids could not be loaded"
          errorText={MESSAGES.requestFailed}
          isEmpty={(data) => view === 'list' && data.raids.length === 0}
          emptyTitle={EMPTY_TITLE[view]}
          testId="raids"
        >
          {({ raids, timeZone }) => (
            <>
              <p className="raids-page__zones">
                Times in your time zone ({ownTimeZone()}); the guild's server time is {timeZone}.
              </p>
              {view === 'list' ? (
                <RaidList raids={raids} timeZone={timeZone} onAnswer={setAnswering} />
              ) : (
                <>
                  {raids.length === 0 && <p className="raids-page__none">{EMPTY_TITLE[view]}</p>}
                  <RaidPeriodGrid period={period} raids={raids} guildTimeZone={timeZone} variant={view} />
                </>
              )}
            </>
          )}
        </QueryState>
      </div>
      <MyAttendance guildId={guildId} />
      <ReminderChoices guildId={guildId} />
      <AvailabilityPanel guildId={guildId} />
      <RaidFeedPanel guildId={guildId} />
      {answering && <SignupModal guildId={guildId} raid={answering} onClose={() => setAnswering(null)} />}
      {isPlanning && calendar.data && (
        <PlanRaidModal guildId={guildId} guildTimeZone={calendar.data.timeZone} onClose={() => setIsPlanning(false)} />
      )}
    </div>
  );
}
