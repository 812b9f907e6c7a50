import { Megaphone, X } from 'lucide-react';
import { useState } from 'react';
import { usePlatformStatus } from '../api/system-settings';
import '../styles/maintenance-banner.css';

/** sessionStorage key: the banner text the user closed in this tab's session (a new text shows again). */
const DISMISSED_KEY = 'guildhall.maintenance-banner.dismissed';

function readDismissed(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * The maintenance banner (issue 15, System Settings): on every page, signed in or not, while an operator has it
 * on. It reads the public platform status (every 30 s and on focus) and can be closed for the rest of the session.
 */
export function MaintenanceBanner() {
  const { data } = usePlatformStatus();
  const [dismissed, setDismissed] = useState(readDismissed);
  const text = data?.maintenanceBanner ?? null;
  if (!text || dismissed === text) return null;

  function dismiss() {
    try {
      sessionStorage.setItem(DISMISSED_KEY, text ?? '');
    } catch {
      // Storage refused (private mode): closed until the next page load.
    }
    setDismissed(text);
  }

  return (
    <div className="maintenance-banner" role="status" aria-label="Maintenance notice" data-testid="maintenance-banner">
      <Megaphone size={16} aria-hidden="true" className="maintenance-banner__icon" />
      <p className="maintenance-banner__text">{text}</p>
      <button type="button" className="maintenance-banner__close" onClick={dismiss} aria-label="Dismiss maintenance notice">
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
