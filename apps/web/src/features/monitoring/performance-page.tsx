import { useDocumentTitle } from '../../ui/use-document-title';

/** scaffold: to be built (issue 14). */
export function PerformancePage() {
  useDocumentTitle('Performance');
  return (
    <div className="page">
      <header className="page__header">
        <h1>Performance</h1>
      </header>
    </div>
  );
}
