import type { RaidRole } from './raids';

/** Where an officer places a member who answered: a seat of a role, or the bench. Unplaced answers wait on the waitlist. */
export const COMPOSITION_SLOTS = ['tank', 'healer', 'melee', 'ranged', 'bench'] as const;
/** A place on the composition board. */
export type CompositionSlot = (typeof COMPOSITION_SLOTS)[number];
/** The seats of a role: every slot but the bench. */
export const SEAT_SLOTS: readonly RaidRole[] = ['tank', 'healer', 'melee', 'ranged'];
/** How each column of the board is named; the waitlist holds every answer not placed yet. */
export const COMPOSITION_SLOT_LABELS: Readonly<Record<CompositionSlot | 'waitlist', string>> = {
  waitlist: 'Waitlist',
  tank: 'Tanks',
  healer: 'Healers',
  melee: 'Melee',
  ranged: 'Ranged',
  bench: 'Bench',
};
/** How far back "benched how often" looks: a tier's usual progression weeks. */
export const BENCH_WINDOW_WEEKS = 8;

/** What the composition calls and the board say. */
export const COMPOSITION_MESSAGES = {
  placed: 'Composition saved',
  published: 'Composition published',
  scheduled: 'Composition will be published at the time set',
  reopened: 'Composition reopened for changes',
  notAnswered: 'Only members who answered this raid can be placed.',
  absentNoSeat: 'A member who answered Absent cannot take a seat.',
  conflict: 'Someone else changed this composition since you opened it. It is reloaded: make your change again.',
  locked: 'The composition is published and locked. Reopen it to change it.',
  cancelled: 'This raid is cancelled: its composition can no longer change.',
  notPublished: 'The officers have not published the composition yet.',
  live: 'Live: changes by other officers appear as they are made',
} as const;
