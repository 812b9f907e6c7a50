import { useDocumentTitle } from '../../ui/use-document-title';

/** scaffold: to be built (issue 14). */
export function LiveLogsPage() {
  useDocumentTitle('Live Logs');
  return (
    <div className="page">
      <header className="page__header">
        <h1>Live Logs</h1>
      </header>
    </div>
  );
}
