import { Wifi, WifiOff } from 'lucide-react';
import { type ConnectionState, useLiveStatus } from '../live/live-context';

const LABELS: Record<ConnectionState, string> = {
  connected: 'Live',
  connecting: 'Connecting',
  offline: 'Offline',
};

/** The state of the live connection to admin services. */
export function ConnectionIndicator() {
  const { state, lastError } = useLiveStatus();
  const title = lastError ? `${LABELS[state]}: ${lastError}` : `Live connection: ${LABELS[state]}`;
  return (
    <span className={`connection connection--${state}`} data-testid="connection-indicator" data-state={state} title={title}>
      {state === 'offline' ? <WifiOff size={16} aria-hidden="true" /> : <Wifi size={16} aria-hidden="true" />}
      <span className="connection__label visually-hidden-on-phone">{LABELS[state]}</span>
    </span>
  );
}
