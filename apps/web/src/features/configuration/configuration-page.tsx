import { useDocumentTitle } from '../../ui/use-document-title';

/** Guild configuration (issue 15): the catalog's settings per guild, history, tests, templates, compare, bulk. */
export function ConfigurationPage() {
  useDocumentTitle('Configuration');
  return (
    <div className="page">
      <header className="page__header">
        <h1>Configuration</h1>
      </header>
    </div>
  );
}
