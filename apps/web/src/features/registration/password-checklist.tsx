import type { PasswordOwner } from '@guildhall/contract';
import { Check, Circle, X } from 'lucide-react';
import { passwordChecks } from './password-checks';
import '../../styles/password-checklist.css';

const ICONS = { met: Check, unmet: X, pending: Circle } as const;
const STATE_TEXT = { met: 'met', unmet: 'not met', pending: 'not checked yet' } as const;

/** The password rule, line by line, updated as the user types. */
export function PasswordChecklist({ password, owner }: { password: string; owner: PasswordOwner }) {
  return (
    <ul className="password-checklist" data-testid="password-checklist">
      {passwordChecks(password, owner).map((check) => {
        const Icon = ICONS[check.state];
        return (
          <li
            key={check.id}
            className={`password-checklist__item password-checklist__item--${check.state}`}
            data-state={check.state}
          >
            <Icon size={14} aria-hidden="true" />
            <span>{check.label}</span>
            <span className="visually-hidden">{`: ${STATE_TEXT[check.state]}`}</span>
          </li>
        );
      })}
    </ul>
  );
}
