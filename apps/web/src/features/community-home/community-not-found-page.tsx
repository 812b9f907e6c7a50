import { COMMUNITY_PATHS } from '@guildhall/contract';
import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { AuthCard } from '../../ui/auth-card';
import { useDocumentTitle } from '../../ui/use-document-title';

/** An address that names no page of the community app. */
export function CommunityNotFoundPage() {
  useDocumentTitle('Page not found', 'community');
  return (
    <AuthCard icon={Compass} title="Page not found" data-testid="not-found">
      <p className="auth-card__text">There is nothing at this address.</p>
      <Link className="button button--primary button--block" to={COMMUNITY_PATHS.home}>
        Back to Guildhall
      </Link>
    </AuthCard>
  );
}
