import type { RaidSummary } from '@guildhall/contract';
import type { CalendarPeriod } from './calendar-period';
import { RaidChip } from './raid-chip';
import { raidsByDay, today } from './raid-times';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const formatDay = (date: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
const dayName = (date: string) => formatDay(date, { weekday: 'long', day: 'numeric', month: 'long' });

interface RaidPeriodGridProps {
  period: CalendarPeriod;
  raids: readonly RaidSummary[];
  guildTimeZone: string;
  variant: 'month' | 'week';
}

/**
 * The month or week view: the period's days in weeks from Monday, each with its raids as links (Tab goes from raid to
 * raid in time order). At phone width the grid stacks into a list of days, and a month shows only its days with raids.
 */
export function RaidPeriodGrid({ period, raids, guildTimeZone, variant }: RaidPeriodGridProps) {
  const byDay = raidsByDay(raids);
  const now = today();
  return (
    <div className={`raid-grid raid-grid--${variant}`} data-testid={`raid-${variant}`}>
      <div className="raid-grid__weekdays" aria-hidden="true">
        {WEEKDAYS.map((name) => (
          <span key={name} className="raid-grid__weekday">
            {name.slice(0, 3)}
          </span>
        ))}
      </div>
      <ol className="raid-grid__days">
        {period.days.map((day) => {
          const dayRaids = byDay.get(day) ?? [];
          const isOutside = period.month !== null && !day.startsWith(period.month);
          const classes = [
            'raid-grid__day',
            isOutside && 'raid-grid__day--outside',
            day === now && 'raid-grid__day--today',
            dayRaids.length === 0 && 'raid-grid__day--empty',
          ].filter(Boolean);
          return (
            <li key={day} className={classes.join(' ')} aria-label={dayName(day)} data-date={day}>
              <span className="raid-grid__date" aria-hidden="true">
                <span className="raid-grid__date-weekday">{formatDay(day, { weekday: 'short' })} </span>
                {Number(day.slice(8))}
              </span>
              {day === now && <span className="visually-hidden">Today</span>}
              {dayRaids.length > 0 && (
                <ul className="raid-grid__raids">
                  {dayRaids.map((raid) => (
                    <li key={raid.id}>
                      <RaidChip raid={raid} guildTimeZone={guildTimeZone} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
