import { useDocumentTitle } from '../../ui/use-document-title';

/** System Settings (issue 15): platform settings changed at run time, each with its source. */
export function SystemSettingsPage() {
  useDocumentTitle('System Settings');
  return (
    <div className="page">
      <header className="page__header">
        <h1>System Settings</h1>
      </header>
    </div>
  );
}
