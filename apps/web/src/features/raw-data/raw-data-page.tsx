import { useDocumentTitle } from '../../ui/use-document-title';

/** The product's tables across tenants, read-only (issue 17). */
export function RawDataPage() {
  useDocumentTitle('Raw Data Views');
  return (
    <div className="page">
      <header className="page__header">
        <h1>Raw Data Views</h1>
      </header>
    </div>
  );
}
