import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jobActor, withActor } from '../../db/audit-actor.ts';
import { repeatPass } from '../../lib/repeated-pass.ts';
import { closeDueDays } from './night-audit.service.ts';
import { latestBackup, takeBackup } from '../backups/backups.service.ts';
import { DAY_REPORT_ATTACHMENT, releaseDayReports, renderDayReport } from './owner-report.ts';

/**
 * The night audit's job (issue 35): every NIGHT_AUDIT_POLL_MS it closes the days whose closing
 * hour has passed (catching up after a stop), and the owner's report PDF is drawn when its mail goes.
 */
export default fp(async function nightAudit(app: FastifyInstance) {
  const deps = { db: app.db, config: app.config, mailer: app.mailer };
  const backups = { handle: app.dbHandle, config: app.config };
  app.mailer.resolveAttachments(DAY_REPORT_ATTACHMENT, async (day) => ({
    content: await renderDayReport(app.db, app.config, day, await latestBackup(backups)),
    contentType: 'application/pdf',
  }));
  /** After a close: the night's backup, then the day reports that waited for it go. */
  async function backUpAndReport() {
    try {
      if (app.config.backups.key) {
        const backup = await takeBackup(backups, 'night audit');
        app.log.info({ file: backup.file, bytes: backup.bytes, verified: backup.verified }, 'night audit: backup taken');
      }
    } catch (error) {
      app.log.error({ err: error }, 'night audit: the backup failed; the day report says so');
    } finally {
      await releaseDayReports(app.db).catch(() => {});
      app.mailer.kick();
    }
  }
  // A duty manager's close (the route) is followed by the same, in the background.
  let afterClose: Promise<void> = Promise.resolve();
  app.decorate('nightAuditClosed', () => {
    afterClose = afterClose.then(() => withActor(jobActor('night audit'), backUpAndReport));
  });
  app.addHook('onClose', async () => afterClose);
  /** Closes the due days; after a close, a backup, and then the day reports go. */
  async function pass() {
    const closed = await closeDueDays(deps, app.log);
    if (closed.length > 0) await backUpAndReport();
  }
  const { pollMs } = app.config.nightAudit;
  if (pollMs > 0) repeatPass(app, 'night audit', pass, { everyMs: pollMs, firstMs: Math.min(5000, pollMs) });
});
