import { type RaidSignup, SIGNUP_STATUS_LABELS } from '@guildhall/contract';
import { Badge, type BadgeTone } from '../../ui/badge';

const ANSWER_TONE: Record<string, BadgeTone> = {
  accept: 'good',
  late: 'warn',
  tentative: 'warn',
  bench: 'neutral',
  absent: 'bad',
};

/** A member's answer as a pill: "Accept", "Late (15 min)". */
export function AnswerBadge({ answer, testId }: { answer: RaidSignup; testId?: string }) {
  return (
    <Badge tone={ANSWER_TONE[answer.status]} data-testid={testId}>
      {SIGNUP_STATUS_LABELS[answer.status]}
      {answer.status === 'late' && answer.lateMinutes ? ` (${answer.lateMinutes} min)` : ''}
    </Badge>
  );
}
