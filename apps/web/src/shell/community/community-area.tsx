import { CommunityRouteGuard } from '../../community-auth/community-route-guard';
import { CommunityShell } from './community-shell';

/** Everything behind the community sign-in: the guard, then the shell. */
export function CommunityArea() {
  return (
    <CommunityRouteGuard>
      <CommunityShell />
    </CommunityRouteGuard>
  );
}
