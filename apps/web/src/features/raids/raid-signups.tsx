import { RAID_ROLE_LABELS, RAID_ROLES, type RaidSignup } from '@guildhall/contract';
import { AnswerBadge } from './answer-badge';

/** The answers grouped by the role each member signed up as; Absent answers (no role) last. */
export function RaidSignups({ signups }: { signups: readonly RaidSignup[] }) {
  const groups = [
    ...RAID_ROLES.map((role) => [RAID_ROLE_LABELS[role], signups.filter((s) => s.role === role)] as const),
    ['No role', signups.filter((s) => s.role === null)] as const,
  ].filter(([, members]) => members.length > 0);
  if (groups.length === 0) return <p className="raid-page__empty">Nobody has answered yet.</p>;
  return (
    <div className="raid-signups" data-testid="raid-signups">
      {groups.map(([label, members]) => (
        <section key={label} className="raid-signups__role" aria-label={label}>
          <h3 className="raid-signups__title">
            {label} ({members.length})
          </h3>
          <ul className="raid-signups__list">
            {members.map((signup) => (
              <li key={signup.userId} className="raid-signups__member">
                <span>
                  <strong>{signup.name}</strong>
                  {signup.character &&
                    ` · ${signup.character.name} (${signup.character.class}${signup.spec ? `, ${signup.spec}` : ''})`}
                </span>
                <AnswerBadge answer={signup} />
                {signup.comment && <span className="raid-signups__comment">“{signup.comment}”</span>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
