import { GUILD_PERMISSION_NAMES, GUILD_PERMISSIONS } from '@guildhall/contract';
import { Check, Minus } from 'lucide-react';
import { Card } from '../../ui/card';

/** What the user may do in this guild: every guild permission, held ones first and marked. */
export function PermissionList({ permissions }: { permissions: readonly string[] }) {
  const held = GUILD_PERMISSION_NAMES.filter((name) => permissions.includes(name));
  const missing = GUILD_PERMISSION_NAMES.filter((name) => !permissions.includes(name));
  return (
    <Card title="Your permissions here" data-testid="home-permissions">
      <ul className="permission-list">
        {[...held, ...missing].map((name) => {
          const isHeld = permissions.includes(name);
          return (
            <li
              key={name}
              className={`permission-list__item${isHeld ? ' permission-list__item--held' : ''}`}
              data-permission={name}
            >
              {isHeld ? <Check size={16} aria-hidden="true" /> : <Minus size={16} aria-hidden="true" />}
              <span className="permission-list__label">{GUILD_PERMISSIONS[name]}</span>
              <code className="permission-list__name">{name}</code>
              <span className="visually-hidden">{isHeld ? 'granted' : 'not granted'}</span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
