import { Activity, BrainCircuit, Database, Link2, type LucideIcon, Shield, Users } from 'lucide-react';
import { Link } from 'react-router';
import { useAbilities } from '../../auth/abilities';
import { findBuiltScreen } from '../../screen-pages';
import { Card } from '../../ui/card';

interface QuickAction {
  label: string;
  description: string;
  path: string;
  icon: LucideIcon;
}

const QUICK_ACTIONS: QuickAction[] = [
  { label: 'Guilds', description: 'Manage guild tenants', path: '/admin/guilds', icon: Shield },
  {
    label: 'Character Discovery',
    description: 'Link characters to Discord members',
    path: '/admin/character-discovery',
    icon: Link2,
  },
  { label: 'Database', description: 'Browse and query data', path: '/admin/database', icon: Database },
  { label: 'Monitoring', description: 'System, performance and logs', path: '/admin/monitoring', icon: Activity },
  { label: 'Accounts', description: 'Players and linked accounts', path: '/admin/accounts', icon: Users },
  { label: 'Training Data', description: 'Review ML samples', path: '/admin/training-data', icon: BrainCircuit },
];

/** Shortcuts to the main screens, each shown only when its screen works and the admin may open it. */
export function QuickActions() {
  const { canOpen } = useAbilities();
  const permitted = QUICK_ACTIONS.filter((action) => {
    const screen = findBuiltScreen(action.path);
    return screen !== undefined && canOpen(screen.path);
  });
  if (permitted.length === 0) return null;

  return (
    <Card title="Quick Actions" data-testid="quick-actions">
      <ul className="quick-actions">
        {permitted.map(({ label, description, path, icon: Icon }) => (
          <li key={path}>
            <Link className="quick-action" to={path} data-testid={`quick-action-${label.toLowerCase().replace(/ /g, '-')}`}>
              <span className="quick-action__icon" aria-hidden="true">
                <Icon size={20} />
              </span>
              <span className="quick-action__text">
                <span className="quick-action__label">{label}</span>
                <span className="quick-action__description">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
