import type { RoleSyncChange } from '@guildhall/contract';

// The role sync card's words (issue 33); they move to the contract's ROLE_SYNC_MESSAGES with the server's.

/** What the Discord roles card says. */
export const ROLE_SYNC_TEXT = {
  title: 'Discord roles',
  lead: 'Give each member on the roster the Discord role of their mark. Roles not chosen here are never touched.',
  enable: 'Keep Discord roles in step with the roster',
  enableHint: 'Roles are brought in step after a roster change, every hour, and when you press Sync now.',
  notSynced: 'Not synced',
  missingRole: (roleId: string) => `Role ${roleId}`,
  save: 'Save role sync',
  saving: 'Saving...',
  fieldsRefused: 'Some choices were refused: see the marks above.',
  loading: 'Loading role sync...',
  previewTitle: 'Preview',
  previewLead: 'What a sync would change now.',
  previewLoading: 'Working out the changes...',
  previewLabel: 'Role changes',
  previewEmpty: 'Every mapped role is in step',
  previewNothingMapped: 'Choose a Discord role for a mark and save to see what a sync would change.',
  skippedTitle: 'Left alone',
  syncNow: 'Sync now',
  syncing: 'Syncing roles…',
  lastRun: (when: string, added: number, removed: number) => `Last run ${when}: ${added} added, ${removed} removed`,
  lastRunFailed: (when: string, error: string) => `Last run ${when} failed: ${error}`,
  failuresTitle: 'Not changed',
  columns: { member: 'Member', role: 'Role', change: 'Change', why: 'Why' },
  actions: { add: 'Add', remove: 'Remove' } satisfies Record<RoleSyncChange['action'], string>,
} as const;
