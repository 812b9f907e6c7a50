import type { AdminScreen } from '@guildhall/contract';
import { useDocumentTitle } from '../../ui/use-document-title';

/** A screen that a later piece of work builds: its name, and nothing more. */
export function ScreenPlaceholderPage({ screen }: { screen: AdminScreen }) {
  useDocumentTitle(screen.label);
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{screen.label}</h1>
      </header>
      <p className="page__lead" data-testid="screen-placeholder">
        {screen.label} — this screen arrives with {screen.builtBy}.
      </p>
    </div>
  );
}
