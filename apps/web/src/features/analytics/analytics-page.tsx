import { useDocumentTitle } from '../../ui/use-document-title';

/** Platform and per-guild analytics (issue 17). */
export function AnalyticsPage() {
  useDocumentTitle('Analytics');
  return (
    <div className="page">
      <header className="page__header">
        <h1>Analytics</h1>
      </header>
    </div>
  );
}
