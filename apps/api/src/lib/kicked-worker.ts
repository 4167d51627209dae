import { jobActor, withActor } from '../db/audit-actor.ts';
import type { FastifyInstance } from 'fastify';

/** What an outbox worker gives its plugin: wake it now, wait for it (tests), and whether the app is closing. */
export interface KickedWorker {
  /** Looks at the outbox now rather than at the next poll. */
  kick(): void;
  /** Runs a pass now; resolves when it (and any asked for meanwhile) is over. */
  drain(): Promise<void>;
  /** The app is closing: a pass under way stops after the row in hand. */
  isStopped(): boolean;
}

/**
 * The outboxes' worker loop (the mails' and the SMS', plugins/mailer.ts and plugins/sms.ts):
 * `pass` runs `pollMs` after the app is ready and after each pass, and at once on `kick()`. A
 * kick during a pass runs another right after it (a row written meanwhile is not left for the
 * next poll); never two passes at once in a process. A failed pass is logged as `what`. On
 * close, no new pass starts and the one under way is waited for.
 */
export function kickedWorker(app: FastifyInstance, what: string, pass: () => Promise<void>, pollMs: number): KickedWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          // A kick from a request runs the pass as the job, not as that request's caller (issue 35).
          await withActor(jobActor(what), pass);
        } while (again && !stopped);
      } catch (error) {
        app.log.error({ err: error }, `${what} failed`);
      } finally {
        running = undefined;
        schedule(pollMs);
      }
    })();
    return running;
  }

  function schedule(ms: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), ms);
    timer.unref();
  }

  app.addHook('onReady', async () => schedule(pollMs));
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
  return { kick: () => schedule(0), drain: run, isStopped: () => stopped };
}
