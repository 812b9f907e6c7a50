import type { FastifyRequest } from 'fastify';
import { adminSessionOf } from '../../auth/require-admin';
import { adminActor } from '../../core/audit';

/** The admin changing samples: who is recorded as verifier or labeller, and audited with the address. */
export interface Reviewer {
  actor: ReturnType<typeof adminActor>;
  ip: string;
}

/** The signed-in admin of a guarded request as a Reviewer. */
export const reviewerOf = (request: FastifyRequest): Reviewer => ({
  actor: adminActor(adminSessionOf(request).admin),
  ip: request.ip,
});
