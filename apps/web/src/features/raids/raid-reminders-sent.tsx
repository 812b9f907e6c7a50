import { useRemindersSentQuery } from '../../api/raid-reminders';
import { Badge } from '../../ui/badge';
import { formatDateTime } from '../../ui/format-date';

const CHANNEL_LABELS = { email: 'e-mail', discord: 'Discord' } as const;

/** For officers: who was reminded of the raid, how and when, and who answered since. */
export function RaidRemindersSent({ guildId, raidId }: { guildId: string; raidId: string }) {
  const query = useRemindersSentQuery(guildId, raidId, true);
  const reminders = query.data?.reminders ?? [];
  if (query.isSuccess && reminders.length === 0) return <p className="raid-page__empty">No reminders sent yet.</p>;
  return (
    <ul className="raid-signups__list" data-testid="raid-reminders-sent">
      {reminders.map((sent) => (
        <li key={`${sent.userId}-${sent.channel}-${sent.reminder}`} className="raid-signups__member">
          <strong>{sent.name}</strong>
          <span className="raid-history__when">
            by {CHANNEL_LABELS[sent.channel]}, {sent.reminder} before sign-ups close, {formatDateTime(sent.sentAt)}
          </span>
          <Badge tone={sent.answeredAt ? 'good' : 'warn'}>{sent.answeredAt ? 'Answered since' : 'Not answered'}</Badge>
        </li>
      ))}
    </ul>
  );
}
