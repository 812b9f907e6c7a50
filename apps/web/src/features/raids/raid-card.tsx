import { COMMUNITY_PATHS, type RaidSummary } from '@guildhall/contract';
import { Link } from 'react-router';
import { AnswerBadge } from './answer-badge';
import { clockLabel, dayLabel, ownTimeZone } from './raid-times';
import { SeatSummary } from './seat-summary';

interface RaidCardProps {
  raid: RaidSummary;
  guildTimeZone: string;
  onAnswer: (raid: RaidSummary) => void;
}

/** One raid of the list: what, when (the member's time, the server's beside it), who leads, their answer, the seats. */
export function RaidCard({ raid, guildTimeZone, onAnswer }: RaidCardProps) {
  const zone = ownTimeZone();
  const isClosed = Date.parse(raid.signupsCloseAt) <= Date.now();
  const answer = raid.myAnswer;
  return (
    <article
      className={`raid-card${raid.cancelledAt ? ' raid-card--cancelled' : ''}`}
      data-testid="raid-card"
      aria-label={raid.name}
    >
      <div className="raid-card__when">
        <span className="raid-card__time">
          {clockLabel(raid.startsAt, zone)}
          {raid.endsAt && `–${clockLabel(raid.endsAt, zone)}`}
        </span>
        {guildTimeZone !== zone && (
          <span className="raid-card__server-time" title={`Server time (${guildTimeZone})`}>
            {dayLabel(raid.startsAt, guildTimeZone)} {clockLabel(raid.startsAt, guildTimeZone)} server time
          </span>
        )}
      </div>
      <div className="raid-card__what">
        <h3 className="raid-card__name">
          <Link to={`${COMMUNITY_PATHS.raids}/${raid.id}`}>{raid.name}</Link>
        </h3>
        <p className="raid-card__meta">
          {raid.instance} · {raid.difficulty}
          {raid.leader && ` · Led by ${raid.leader.name}`}
        </p>
        {raid.cancelledAt ? (
          <p className="raid-card__cancelled" role="note">
            Cancelled: {raid.cancelReason}
          </p>
        ) : (
          <SeatSummary seats={raid.seats} filled={raid.filled} />
        )}
      </div>
      <div className="raid-card__answer">
        {answer ? (
          <AnswerBadge answer={answer} testId="raid-my-answer" isOwn />
        ) : (
          <span className="raid-card__no-answer">Not answered</span>
        )}
        {!raid.cancelledAt && !isClosed && (
          <button type="button" className="button button--secondary button--small" onClick={() => onAnswer(raid)}>
            {answer ? 'Change answer' : 'Sign up'}
          </button>
        )}
        {!raid.cancelledAt && isClosed && <span className="raid-card__closed">Sign-ups closed</span>}
      </div>
    </article>
  );
}
