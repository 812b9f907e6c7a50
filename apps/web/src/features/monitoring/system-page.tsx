import { useDocumentTitle } from '../../ui/use-document-title';

/** scaffold: to be built (issue 14). */
export function SystemMonitoringPage() {
  useDocumentTitle('System');
  return (
    <div className="page">
      <header className="page__header">
        <h1>System</h1>
      </header>
    </div>
  );
}
