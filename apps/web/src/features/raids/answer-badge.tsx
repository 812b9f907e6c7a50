import { RAID_AVAILABILITY_MESSAGES, type RaidSignup, SIGNUP_STATUS_LABELS } from '@guildhall/contract';
import { Badge, type BadgeTone } from '../../ui/badge';

const ANSWER_TONE: Record<string, BadgeTone> = {
  accept: 'good',
  late: 'warn',
  tentative: 'warn',
  bench: 'neutral',
  absent: 'bad',
};

/**
 * A member's answer as a pill: "Accept", "Late (15 min)"; one their standing availability gave says so beside it
 * ("answered by your availability" to the member, "their" to others).
 */
export function AnswerBadge({ answer, testId, isOwn = false }: { answer: RaidSignup; testId?: string; isOwn?: boolean }) {
  return (
    <>
      <Badge tone={ANSWER_TONE[answer.status]} data-testid={testId}>
        {SIGNUP_STATUS_LABELS[answer.status]}
        {answer.status === 'late' && answer.lateMinutes ? ` (${answer.lateMinutes} min)` : ''}
      </Badge>
      {answer.byAvailability && (
        <span className="answer-by-availability" data-testid="answered-by-availability">
          {isOwn ? RAID_AVAILABILITY_MESSAGES.answeredByAvailability : RAID_AVAILABILITY_MESSAGES.answeredByTheirAvailability}
        </span>
      )}
    </>
  );
}
