import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not hold up the answer (sending mail): forgot-password and registration answer in the same
 * time whether or not an account exists, and a slow mail server never slows a sign-in form.
 */
export interface AfterReply {
  run(label: string, task: () => Promise<unknown>): void;
  /** Resolves when everything started so far has finished (shutdown, tests). */
  settle(): Promise<void>;
}

/** Runs tasks in the background, logging failures. */
export function createAfterReply(log: FastifyBaseLogger): AfterReply {
  const pending = new Set<Promise<unknown>>();
  return {
    run(label, task) {
      const running = Promise.resolve()
        .then(task)
        .catch((error: unknown) => log.error({ err: error }, `${label} failed`))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async settle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
