import { z } from 'zod';
import { COMPOSITION_SLOTS } from '../raid-composition';
import { endpoint } from './common';

const ok = z.literal(true);
const raidParams = z.object({ raidId: z.uuid() });

/** A raid's composition: where each answer is placed, whether it is published, and how often each member sat on the bench. */
export const raidComposition = z.object({
  raidId: z.string(),
  version: z.number().describe('Send it back with a change: a composition changed since is a conflict'),
  publishAt: z.string().nullable().describe('When the composition is (or will be) published and locked; null: not set'),
  isPublished: z.boolean().describe('Published and locked: members see it, officers reopen it to change it'),
  placements: z
    .array(z.object({ userId: z.string(), slot: z.enum(COMPOSITION_SLOTS) }))
    .describe('Placed answers; an answer not listed is on the waitlist. Empty for members until published'),
  benchCounts: z.record(z.string(), z.number()).describe('Times each member who answered was benched in recent weeks'),
});
/** A raid's composition board. */
export type RaidComposition = z.infer<typeof raidComposition>;

/** Places a member who answered in a slot, or back on the waitlist (null), against the version read. */
export const placeMemberBody = z.object({
  version: z.number().int().min(1),
  slot: z.enum(COMPOSITION_SLOTS).nullable(),
});
/** A placement as the board sends it. */
export type PlaceMemberInput = z.infer<typeof placeMemberBody>;

/** Publishes (and locks) the composition now or at a time, or reopens it (null), against the version read. */
export const publishCompositionBody = z.object({
  version: z.number().int().min(1),
  publishAt: z.iso.datetime({ offset: true }).nullable(),
});
/** A publication as the board sends it. */
export type PublishCompositionInput = z.infer<typeof publishCompositionBody>;

const compositionAnswer = z.object({ success: ok, message: z.string(), composition: raidComposition });

/** The composition board of a raid of the selected guild: read by members (once published), changed by raids.manage. */
export const raidCompositionApi = {
  read: endpoint({
    method: 'GET',
    path: '/api/guild/raids/:raidId/composition',
    summary: 'The composition of a raid: placements (for members once published) and bench counts',
    params: raidParams,
    response: z.object({ success: ok, composition: raidComposition }),
  }),
  place: endpoint({
    method: 'PUT',
    path: '/api/guild/raids/:raidId/composition/placements/:userId',
    summary: 'Place a member who answered in a seat, on the bench, or back on the waitlist (raids.manage)',
    params: z.object({ raidId: z.uuid(), userId: z.uuid() }),
    body: placeMemberBody,
    response: compositionAnswer,
  }),
  publish: endpoint({
    method: 'PUT',
    path: '/api/guild/raids/:raidId/composition/publication',
    summary: 'Publish and lock the composition now or at a time, or reopen it (raids.manage)',
    params: raidParams,
    body: publishCompositionBody,
    response: compositionAnswer,
  }),
} as const;
