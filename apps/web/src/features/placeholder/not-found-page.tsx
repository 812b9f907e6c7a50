import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../ui/use-document-title';

/** An address that names no screen. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="access-panel" data-testid="not-found">
      <Compass className="access-panel__icon" size={48} aria-hidden="true" />
      <h1 className="access-panel__title">Page not found</h1>
      <p className="access-panel__body">There is no admin screen at this address.</p>
      <Link className="button button--secondary" to="/admin">
        Back to the dashboard
      </Link>
    </div>
  );
}
