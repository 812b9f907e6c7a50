import { RefreshCw } from 'lucide-react';

/** Shown when a route fails to render or its code fails to load (for example after a deploy). */
export function RouteErrorPage({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : '';
  return (
    <div className="standalone-page">
      <div className="access-panel" role="alert">
        <h1 className="access-panel__title">Something went wrong</h1>
        {detail && <p className="access-panel__body">{detail}</p>}
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          <RefreshCw size={16} aria-hidden="true" />
          Reload
        </button>
      </div>
    </div>
  );
}
