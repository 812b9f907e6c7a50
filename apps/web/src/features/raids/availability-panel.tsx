import { useRaidAvailabilityQuery } from '../../api/raid-availability';
import { AbsencesForm } from './absences-form';
import { RaidDaysForm } from './raid-days-form';

/**
 * The member's standing availability in the guild: the days they raid and their absences. Raids they answer are marked
 * "answered by your availability" on the calendar; an answer of their own always wins.
 */
export function AvailabilityPanel({ guildId }: { guildId: string }) {
  const query = useRaidAvailabilityQuery(guildId);
  if (!query.data) return null;
  const { availability, absences } = query.data;
  return (
    <section className="availability" aria-labelledby="availability-title" data-testid="raid-availability">
      <h2 id="availability-title" className="availability__title">
        Your availability
      </h2>
      <p className="availability__note">
        Open raids on your raid days are answered Accept for you, now and as they are planned, and raids in an absence Absent;
        your own answer always wins.
      </p>
      <RaidDaysForm key={JSON.stringify(availability)} guildId={guildId} current={availability} />
      <h3 className="availability__subtitle">Absences</h3>
      <AbsencesForm guildId={guildId} absences={absences} />
    </section>
  );
}
