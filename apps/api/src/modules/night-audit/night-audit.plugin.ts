import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
  /** Closes the due days; after a close, a backup, and then the day reports go. */
  async function pass() {
    const closed = await closeDueDays(deps, app.log);
    if (closed.length === 0 || !app.config.backups.key) return;
    try {
      const backup = await takeBackup(backups, 'night audit');
      app.log.info({ file: backup.file, bytes: backup.bytes, verified: backup.verified }, 'night audit: backup taken');
    } finally {
      await releaseDayReports(app.db);
      app.mailer.kick();
    }
  }
  const { pollMs } = app.config.nightAudit;
  if (pollMs > 0) repeatPass(app, 'night audit', pass, { everyMs: pollMs, firstMs: Math.min(5000, pollMs) });
});
