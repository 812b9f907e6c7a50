import { RefreshCw } from 'lucide-react';
import { errorMessage } from '../api/api-error';
import { Spinner } from './spinner';

/** A full-screen wait while a session (admin or community) or the guilds load. */
export function SessionLoading({ label, 'data-testid': testId }: { label: string; 'data-testid'?: string }) {
  return (
    <div className="guard-screen" data-testid={testId}>
      <Spinner label={label} size={28} />
    </div>
  );
}

/** A full-screen failure with a way to try again. */
export function SessionFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="guard-screen" role="alert">
      <p>{errorMessage(error)}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        <RefreshCw size={16} aria-hidden="true" />
        Retry
      </button>
    </div>
  );
}
