import { CreateKeyForm } from './create-key-form';
import { DangerZone } from './danger-zone';

/** Key Manager (spec 2 §2): Create New Key, then the Danger Zone of the current database. */
export function KeyManagerTab({ database }: { database: number }) {
  return (
    <div className="redis-stack">
      <CreateKeyForm key={database} database={database} />
      <DangerZone database={database} />
    </div>
  );
}
