import { ADMIN_MAX_FAILED_ATTEMPTS, ADMIN_SESSION_IDLE_MS } from '@guildhall/contract';
import { Info } from 'lucide-react';

const IDLE_HOURS = ADMIN_SESSION_IDLE_MS / (60 * 60 * 1000);

/** The rules an operator should know before signing in (spec 2 §2, §9). */
export function SecurityNotes() {
  return (
    <section className="security-notes" aria-labelledby="security-notes-title">
      <h2 id="security-notes-title" className="security-notes__title">
        <Info size={16} aria-hidden="true" />
        Security notes
      </h2>
      <ul>
        <li>Your session expires after {IDLE_HOURS} hours of inactivity.</li>
        <li>The account locks after {ADMIN_MAX_FAILED_ATTEMPTS} failed sign-in attempts.</li>
        <li>Every sign-in, failure and privileged action is recorded in the audit log.</li>
        <li>Sign out when you are done, especially on a shared device.</li>
      </ul>
    </section>
  );
}
