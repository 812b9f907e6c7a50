import { ATTENDANCE_MESSAGES, attendanceSummary } from '@guildhall/contract';
import { useMyAttendanceQuery } from '../../api/raid-attendance';
import { Badge } from '../../ui/badge';

/** The member's own attendance rate against the guild's rule, in one line (on /raids and /roster). */
export function MyAttendance({ guildId }: { guildId: string }) {
  const query = useMyAttendanceQuery(guildId);
  const data = query.data;
  if (!data) return null;
  const { standing, rule, isMember } = data;
  return (
    <p className="my-attendance" data-testid="my-attendance" data-meets-rule={standing.meetsRule}>
      {isMember && standing.rate !== null && <Badge tone={standing.meetsRule ? 'good' : 'bad'}>{`${standing.rate} %`}</Badge>}
      <span className={isMember ? undefined : 'muted'}>
        {isMember ? attendanceSummary(standing.counts, rule) : ATTENDANCE_MESSAGES.noMember}
      </span>
    </p>
  );
}
