import type { AdminScreen } from '@guildhall/contract';

/** Being built by issue 13. */
export function PermissionsPage({ screen }: { screen: AdminScreen }) {
  return (
    <div className="page">
      <h1 className="page__title">{screen.label}</h1>
    </div>
  );
}
