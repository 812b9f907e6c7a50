import { insufficientRoleBody, MESSAGES } from '@guildhall/contract';
import { ArrowLeft, ShieldAlert, ShieldX } from 'lucide-react';
import { useNavigate } from 'react-router';

/** 'Access Denied' with a way back, for an admin without the screen's permission. */
export function AccessDenied() {
  const navigate = useNavigate();

  function handleGoBack() {
    // A page opened directly has no history to go back to.
    if (window.history.length > 1) navigate(-1);
    else navigate('/admin');
  }

  return (
    <div className="access-panel" data-testid="access-denied">
      <ShieldX className="access-panel__icon tone-bad" size={48} aria-hidden="true" />
      <h1 className="access-panel__title">{MESSAGES.accessDeniedTitle}</h1>
      <p className="access-panel__body">{MESSAGES.accessDeniedBody}</p>
      <button type="button" className="button button--secondary" onClick={handleGoBack}>
        <ArrowLeft size={16} aria-hidden="true" />
        Go Back
      </button>
    </div>
  );
}

/** 'Insufficient Role' for an admin whose role is not the one a route asks for. */
export function InsufficientRole({ role }: { role: string }) {
  return (
    <div className="access-panel" data-testid="insufficient-role">
      <ShieldAlert className="access-panel__icon tone-warn" size={48} aria-hidden="true" />
      <h1 className="access-panel__title">{MESSAGES.insufficientRoleTitle}</h1>
      <p className="access-panel__body">{insufficientRoleBody(role)}</p>
    </div>
  );
}
