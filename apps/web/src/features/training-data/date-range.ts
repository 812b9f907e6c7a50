import { type EXPORT_QUICK_RANGES, TRAINING_DATA_MESSAGES } from '@guildhall/contract';
import type { IsoRange } from '../../api/training-data';

/** A range of days as the date inputs hold them ('YYYY-MM-DD', empty for an open end). */
export interface DayRange {
  start: string;
  end: string;
}

/** A local day as 'YYYY-MM-DD'. */
export function dayText(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The days of a quick range (spec 2 §2: Today, Last 7, 30, 90 days), ending today. */
export function quickRange(days: (typeof EXPORT_QUICK_RANGES)[number]['days'], now: Date = new Date()): DayRange {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  return { start: dayText(start), end: dayText(now) };
}

/** 'Start date must be before end date' when both days are set and the start comes after the end; else null. */
export function rangeError(range: DayRange): string | null {
  return range.start && range.end && range.start > range.end ? TRAINING_DATA_MESSAGES.dateOrder : null;
}

function localDay(day: string, hours: [number, number, number, number]): string | undefined {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return undefined;
  return new Date(year, month - 1, date, ...hours).toISOString();
}

/** The range as the API takes it: the start day from its first moment, the end day to its last, in local time. */
export function isoRange(range: DayRange): IsoRange {
  const startDate = range.start ? localDay(range.start, [0, 0, 0, 0]) : undefined;
  const endDate = range.end ? localDay(range.end, [23, 59, 59, 999]) : undefined;
  return { ...(startDate && { startDate }), ...(endDate && { endDate }) };
}
