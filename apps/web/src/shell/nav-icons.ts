import type { AdminNavGroup } from '@guildhall/contract';
import {
  Activity,
  BellRing,
  Bot,
  BrainCircuit,
  ChartLine,
  ChartNoAxesCombined,
  Database,
  Gauge,
  KeyRound,
  Layers,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  MessagesSquare,
  ScrollText,
  Server,
  Settings,
  Shield,
  SlidersHorizontal,
  Table2,
  UserCog,
  UserSearch,
  Users,
  Zap,
} from 'lucide-react';

const SCREEN_ICONS: Record<string, LucideIcon> = {
  '/admin': LayoutDashboard,
  '/admin/training-data': BrainCircuit,
  '/admin/guilds': Shield,
  '/admin/character-discovery': UserSearch,
  '/admin/database/postgresql': Database,
  '/admin/database/influxdb': ChartLine,
  '/admin/database/redis': Zap,
  '/admin/monitoring/system': Server,
  '/admin/monitoring/performance': Gauge,
  '/admin/monitoring/alerts': BellRing,
  '/admin/monitoring/logs': ScrollText,
  '/admin/mail-outbox': Mail,
  '/admin/ai-turns': Bot,
  '/admin/accounts/discord': MessagesSquare,
  '/admin/accounts/players': Users,
  '/admin/users': UserCog,
  '/admin/permissions': KeyRound,
  '/admin/analytics': ChartNoAxesCombined,
  '/admin/data': Table2,
  '/admin/configuration': SlidersHorizontal,
  '/admin/settings': Settings,
};

const GROUP_ICONS: Record<AdminNavGroup, LucideIcon> = {
  Database: Database,
  Monitoring: Activity,
  Accounts: Users,
};

/** The sidebar icon of a screen. */
export function screenIcon(path: string): LucideIcon {
  return SCREEN_ICONS[path] ?? Layers;
}

/** The sidebar icon of a group. */
export function groupIcon(group: AdminNavGroup): LucideIcon {
  return GROUP_ICONS[group];
}
