import type { FastifyInstance } from 'fastify';
import { jobActor, withActor } from '../db/audit-actor.ts';

/**
 * Runs `pass` again and again while the app runs: the first time `firstMs` after the app is
 * ready, then `everyMs` after each pass ends (never two at once in a process). A failed pass is
 * logged as `what` and the next comes as planned. On close, no new pass starts and the one under
 * way is waited for. Work shared by several API processes is claimed inside `pass` (SKIP LOCKED).
 */
export function repeatPass(app: FastifyInstance, what: string, pass: () => Promise<unknown>, timing: { everyMs: number; firstMs?: number }): void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      // Its changes are the job's in the audit trail (issue 35).
      running = withActor(jobActor(what), pass)
        .catch((error: unknown) => app.log.error({ err: error }, `${what} failed`))
        .finally(() => schedule(timing.everyMs));
    }, delay);
    timer.unref();
  };
  app.addHook('onReady', async () => schedule(timing.firstMs ?? timing.everyMs));
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
