import type { FastifyInstance } from 'fastify';
import { syncDueFeeds, type ChannelDeps } from './channels.service.ts';

/**
 * Polls for due feeds every CHANNEL_POLL_MS while the app runs. Each pass claims the feeds whose
 * interval has come (channels.repository: claimDueFeeds), so with several API processes on one
 * database a feed is still fetched once per CHANNEL_SYNC_MINUTES. Stops, and waits for the
 * pass under way, when the app closes.
 */
export function startChannelSchedule(app: FastifyInstance, deps: ChannelDeps) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = syncDueFeeds(deps, app.log)
        .catch((error: unknown) => app.log.error({ err: error }, 'channel schedule pass failed'))
        .finally(schedule);
    }, deps.config.channels.pollMs);
    timer.unref();
  };

  app.addHook('onReady', async () => schedule());
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
