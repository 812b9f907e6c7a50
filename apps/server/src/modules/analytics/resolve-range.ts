import { ANALYTICS_MAX_DAYS, ANALYTICS_MESSAGES, utcDayStart } from '@guildhall/contract';
import { AppError } from '../../core/app-error';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;

/**
 * The asked range on whole UTC days: `from` down to its midnight, `to` up to the next one (today's end when not
 * given); 30 days when `from` is missing. Longer than ANALYTICS_MAX_DAYS once rounded is refused with 400.
 */
export function resolveRange(from?: string, to?: string, now = new Date()): { from: Date; to: Date } {
  const toDate = to ? new Date(to) : now;
  const toDay = utcDayStart(toDate);
  const end = toDay.getTime() === toDate.getTime() ? toDay : new Date(toDay.getTime() + DAY_MS);
  const start = from ? utcDayStart(new Date(from)) : new Date(end.getTime() - DEFAULT_DAYS * DAY_MS);
  if (start >= end) throw AppError.invalidField('from', ANALYTICS_MESSAGES.rangeOrder);
  if (end.getTime() - start.getTime() > ANALYTICS_MAX_DAYS * DAY_MS)
    throw AppError.invalidField('from', ANALYTICS_MESSAGES.rangeTooLong);
  return { from: start, to: end };
}
