import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client.ts';

/**
 * Production refuses to start without BACKUP_ENCRYPTION_KEY once ID photos exist (issue 35): a
 * hotel holding guests' documents must be able to take backups, and a backup is only ever
 * written encrypted.
 */
export default fp(async function backupsGuard(app: FastifyInstance) {
  app.addHook('onReady', async () => {
    if (app.config.backups.key || app.config.env !== 'production') return;
    const [photos] = await rows<{ n: number }>(app.db, sql`select count(*)::int as n from guest_photos`);
    if ((photos?.n ?? 0) > 0) {
      throw new Error('BACKUP_ENCRYPTION_KEY is required in production once ID photos are stored (openssl rand -hex 32; keep a copy away from this server): backups are written encrypted with it.');
    }
  });
});
