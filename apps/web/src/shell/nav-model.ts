import { ADMIN_SCREENS, type AdminNavGroup, type AdminScreen } from '@guildhall/contract';

/** One entry of the sidebar: a screen, or a group of screens that expands and collapses. */
export type NavEntry = { kind: 'screen'; screen: AdminScreen } | { kind: 'group'; group: AdminNavGroup; screens: AdminScreen[] };

/**
 * The sidebar for one admin: the screens the admin may open (`allowed`, the session's abilities), in catalog order, each group placed
 * where its first visible screen stands; a group with no visible screen is left out.
 */
export function buildNav(allowed: readonly string[], screens: readonly AdminScreen[] = ADMIN_SCREENS): NavEntry[] {
  const entries: NavEntry[] = [];
  const groups = new Map<AdminNavGroup, AdminScreen[]>();
  for (const screen of screens) {
    if (!allowed.includes(screen.path)) continue;
    if (!screen.group) {
      entries.push({ kind: 'screen', screen });
      continue;
    }
    const members = groups.get(screen.group);
    if (members) {
      members.push(screen);
      continue;
    }
    const created = [screen];
    groups.set(screen.group, created);
    entries.push({ kind: 'group', group: screen.group, screens: created });
  }
  return entries;
}
