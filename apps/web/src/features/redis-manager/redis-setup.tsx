import type { RedisSetup as Setup } from '@guildhall/contract';
import { Card } from '../../ui/card';

/** With no Redis configured: how to connect one, in the settings' own names (not an error). */
export function RedisSetup({ setup }: { setup: Setup }) {
  return (
    <Card title="Connect a Redis" data-testid="redis-setup">
      <p>{setup.message}</p>
      <p className="redis-setup">
        {setup.settings.map((name) => (
          <code key={name}>{name}</code>
        ))}
      </p>
    </Card>
  );
}
