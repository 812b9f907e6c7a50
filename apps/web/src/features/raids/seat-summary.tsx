import { RAID_SEAT_LABELS, type RaidSeats } from '@guildhall/contract';

const ROLES = Object.keys(RAID_SEAT_LABELS) as (keyof RaidSeats)[];

/** Seats filled by role against the plan: "Tanks 1/2 · Healers 3/4 …"; roles planned with no seats are left out. */
export function SeatSummary({ seats, filled }: { seats: RaidSeats; filled: RaidSeats }) {
  const shown = ROLES.filter((role) => seats[role] > 0 || filled[role] > 0);
  if (shown.length === 0) return null;
  return (
    <ul className="raid-seats" aria-label="Seats filled by role">
      {shown.map((role) => (
        <li
          key={role}
          className={`raid-seats__role${filled[role] >= seats[role] && seats[role] > 0 ? ' raid-seats__role--full' : ''}`}
        >
          <span className="raid-seats__label">{RAID_SEAT_LABELS[role]}</span>{' '}
          <span className="raid-seats__count">
            {filled[role]}/{seats[role]}
          </span>
        </li>
      ))}
    </ul>
  );
}
