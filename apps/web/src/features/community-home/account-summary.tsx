import { COMMUNITY_PATHS, type CommunityUser } from '@guildhall/contract';
import { Settings } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { Fact, Facts } from '../../ui/facts';
import { AUTH_METHOD_LABELS } from './auth-method-labels';

/** The signed-in account at a glance, with the way to its settings. */
export function AccountSummary({ user }: { user: CommunityUser }) {
  return (
    <Card
      title="Your account"
      actions={
        <Link className="button button--secondary button--small" to={COMMUNITY_PATHS.settings}>
          <Settings size={14} aria-hidden="true" />
          Account settings
        </Link>
      }
    >
      <Facts>
        <Fact term="Username">{user.username}</Fact>
        <Fact term="Signs in with">{AUTH_METHOD_LABELS[user.authMethod]}</Fact>
        <Fact term="Email">
          {user.email ?? 'None yet'}{' '}
          {user.email && (
            <Badge tone={user.emailVerified ? 'good' : 'warn'}>{user.emailVerified ? 'Verified' : 'Not verified'}</Badge>
          )}
        </Fact>
      </Facts>
    </Card>
  );
}
