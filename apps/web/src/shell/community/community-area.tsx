import { lazy } from 'react';
import { CommunityRouteGuard } from '../../community-auth/community-route-guard';

// The shell (guild switcher, user menu) loads only once the guard has a user: never on the sign-in pages.
const CommunityShell = lazy(() => import('./community-shell').then((m) => ({ default: m.CommunityShell })));

/** Everything behind the community sign-in: the guard, then the shell. */
export function CommunityArea() {
  return (
    <CommunityRouteGuard>
      <CommunityShell />
    </CommunityRouteGuard>
  );
}
