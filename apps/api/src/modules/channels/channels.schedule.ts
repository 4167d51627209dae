import type { FastifyInstance } from 'fastify';
import { repeatPass } from '../../lib/repeated-pass.ts';
import { roomsWithOpenConflicts } from './channels.repository.ts';
import { holdFreedNights, syncDueFeeds, type ChannelDeps } from './channels.service.ts';
import { jobActor, withActor } from '../../db/audit-actor.ts';

/**
 * Polls for due feeds every CHANNEL_POLL_MS while the app runs. Each pass claims the feeds whose
 * interval has come (channels.repository: claimDueFeeds), so with several API processes on one
 * database a feed is still fetched once per CHANNEL_SYNC_MINUTES. Stops, and waits for the
 * pass under way, when the app closes.
 */
export function startChannelSchedule(app: FastifyInstance, deps: ChannelDeps) {
  repeatPass(app, 'channel schedule pass', () => syncDueFeeds(deps, app.log), { everyMs: deps.config.channels.pollMs });
}

/**
 * Holds freed nights for the channels' guests as soon as the database says a room with an open
 * conflict gave nights up (NOTIFY channel_nights_freed, migration 0022, sent at commit by
 * whatever freed them: a cancellation, a stay moved or shortened, a block released). When the
 * notifications could have been missed (the listening connection came back), every room with an
 * open conflict is looked at; each feed's next sync would also find the nights.
 */
export function followFreedNights(app: FastifyInstance, deps: ChannelDeps) {
  const pending = new Set<string>();
  let running: Promise<unknown> = Promise.resolve();
  let unsubscribe: (() => Promise<void>) | undefined;
  let closed = false;

  /** One room at a time, each room once however many notifications came meanwhile. */
  const enqueue = (roomIds: string[]) => {
    const fresh = roomIds.filter((id) => !pending.has(id));
    if (closed || fresh.length === 0) return;
    for (const id of fresh) pending.add(id);
    running = running.then(async () => {
      for (const roomId of fresh) {
        pending.delete(roomId);
        if (closed) return;
        // As the job it is, on both engines (PGlite tells it within the request that freed the nights).
        await withActor(jobActor('channel freed nights'), () => holdFreedNights(deps, roomId)).catch((error: unknown) =>
          app.log.error({ err: error, roomId }, 'holding freed nights for a channel failed'),
        );
      }
    });
  };

  app.addHook('onReady', async () => {
    unsubscribe = await app.dbHandle.subscribe('channel_nights_freed', {
      onMessage: (roomId) => enqueue([roomId]),
      onLive: (live) => {
        if (live) void roomsWithOpenConflicts(deps.db).then(enqueue, (error: unknown) => app.log.error({ err: error }, 'reading rooms with open conflicts failed'));
      },
    });
  });
  app.addHook('onClose', async () => {
    closed = true;
    await unsubscribe?.().catch(() => {});
    await running;
  });
  /** Resolves once the rooms heard of so far are done (tests wait on it). */
  return { settled: () => running };
}
