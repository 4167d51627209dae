import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repeatPass } from '../../lib/repeated-pass.ts';
import { closeDueDays } from './night-audit.service.ts';
import { DAY_REPORT_ATTACHMENT, renderDayReport } from './owner-report.ts';

/**
 * The night audit's job (issue 35): every NIGHT_AUDIT_POLL_MS it closes the days whose closing
 * hour has passed (catching up after a stop), and the owner's report PDF is drawn when its mail goes.
 */
export default fp(async function nightAudit(app: FastifyInstance) {
  const deps = { db: app.db, config: app.config, mailer: app.mailer };
  app.mailer.resolveAttachments(DAY_REPORT_ATTACHMENT, async (day) => ({
    content: await renderDayReport(app.db, app.config, day, null),
    contentType: 'application/pdf',
  }));
  const { pollMs } = app.config.nightAudit;
  if (pollMs > 0) repeatPass(app, 'night audit', () => closeDueDays(deps, app.log), { everyMs: pollMs, firstMs: Math.min(5000, pollMs) });
});
