import { ATTENDANCE_STATUS_LABELS, type AttendanceStatus } from '@guildhall/contract';
import { Badge, type BadgeTone } from '../../ui/badge';

const TONES: Readonly<Record<AttendanceStatus, BadgeTone>> = {
  present: 'good',
  late: 'warn',
  benched: 'brand',
  absent_notice: 'neutral',
  absent: 'bad',
};

/** A character's attendance at a raid, in words and colour. */
export function AttendanceBadge({ status }: { status: AttendanceStatus }) {
  return <Badge tone={TONES[status]}>{ATTENDANCE_STATUS_LABELS[status]}</Badge>;
}
