import { COMMUNITY_PATHS, RAID_AVAILABILITY_MESSAGES, type RaidSummary, SIGNUP_STATUS_LABELS } from '@guildhall/contract';
import { Link } from 'react-router';
import { clockLabel, ownTimeZone } from './raid-times';

/**
 * One raid in a month or week cell: a link to the raid with its time (the member's, the server's beside it when they
 * differ), its name, instance and difficulty, and the member's answer.
 */
export function RaidChip({ raid, guildTimeZone }: { raid: RaidSummary; guildTimeZone: string }) {
  const zone = ownTimeZone();
  const answer = raid.myAnswer;
  const answerText = raid.cancelledAt
    ? 'Cancelled'
    : answer
      ? `${SIGNUP_STATUS_LABELS[answer.status]}${answer.byAvailability ? ` (${RAID_AVAILABILITY_MESSAGES.answeredByAvailability})` : ''}`
      : 'Not answered';
  return (
    <Link
      to={`${COMMUNITY_PATHS.raids}/${raid.id}`}
      className={`raid-chip raid-chip--${raid.cancelledAt ? 'cancelled' : (answer?.status ?? 'open')}`}
      data-testid="raid-chip"
    >
      <span className="raid-chip__time">
        {clockLabel(raid.startsAt, zone)}
        {guildTimeZone !== zone && (
          <span className="raid-chip__server-time"> ({clockLabel(raid.startsAt, guildTimeZone)} server)</span>
        )}
      </span>
      <span className="raid-chip__name">{raid.name}</span>
      <span className="raid-chip__meta">
        {raid.instance} · {raid.difficulty}
      </span>
      <span className="raid-chip__answer" data-testid="raid-chip-answer">
        {answerText}
      </span>
    </Link>
  );
}
