import type { InfluxSetup as Setup } from '@guildhall/contract';
import { Card } from '../../ui/card';

/** With no InfluxDB configured: how to connect one, in the settings' own names (not an error). */
export function InfluxSetup({ setup }: { setup: Setup }) {
  return (
    <Card title="Connect an InfluxDB" data-testid="influx-setup">
      <p>{setup.message}</p>
      <dl className="influx-setup">
        <div>
          <dt>InfluxDB 2.x (Flux and InfluxQL)</dt>
          <dd>
            {setup.settings.v2.map((name) => (
              <code key={name}>{name}</code>
            ))}
          </dd>
        </div>
        <div>
          <dt>InfluxDB 1.x (InfluxQL)</dt>
          <dd>
            {setup.settings.v1.map((name) => (
              <code key={name}>{name}</code>
            ))}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
