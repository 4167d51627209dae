import { Readable } from 'node:stream';
import { wallClockAt, ZAuditQuery, ZAuditRecord, ZAuditVerify, zList, type TAuditRecord } from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { textCell } from '../../lib/csv.ts';
import { list } from '../../lib/respond.ts';
import { ADMIN } from '../../plugins/access.ts';
import { auditPages, exportName, listAudit, verifyChain } from './audit.repository.ts';

/**
 * The audit trail (issue 35): admins read who changed what, filter it, export it, and check
 * that no record of it was changed since it was written.
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['audit'],
        summary:
          'The audit trail, newest first: every change to the hotel’s records and every sign-in, with who made it (their role then), when, from which address and browser, the route, and each field before and after (secrets and ID details hidden). Filters: entity (with entityId: that record’s history, with what belongs to it), actor, action, days from/to at the hotel',
        querystring: ZAuditQuery,
        response: { 200: zList(ZAuditRecord) },
      },
    },
    async (request) => {
      const { data, total } = await listAudit(app.db, request.query, app.config.hotel.timeZone);
      return list(data, { page: request.query.page, limit: request.query.limit, total });
    },
  );

  app.get(
    '/audit/verify',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['audit'],
        summary:
          'Walks the audit trail’s hash chain from its first record and names the first record that was changed, removed or added since it was written (ok: false); the head is the last record’s number and hash',
        response: { 200: ZAuditVerify },
      },
    },
    async () => verifyChain(app.db),
  );

  app.get(
    '/audit.csv',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['audit'],
        summary: 'The audit trail with the same filters as GET /api/audit, newest first, as a CSV download (every record, not one page)',
        querystring: ZAuditQuery.omit({ page: true, limit: true }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const timeZone = app.config.hotel.timeZone;
      async function* lines() {
        yield `${csvHeader(timeZone)}\r\n`;
        for await (const page of auditPages(app.db, request.query, timeZone)) yield page.map((r) => `${csvLine(r, timeZone)}\r\n`).join('');
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportName(request.query)}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()));
    },
  );
};

function csvHeader(timeZone: string): string {
  return ['Number', `Time (${timeZone})`, 'Who', 'Role', 'Address', 'Browser', 'Route', 'Entity', 'Entity ID', 'Belongs to', 'Action', 'Changes', 'Hash']
    .map(textCell)
    .join(',');
}

function timeCell(at: string, timeZone: string): string {
  const { date, time } = wallClockAt(new Date(at), timeZone);
  return `${date} ${time}`;
}

function csvLine(r: TAuditRecord, timeZone: string): string {
  return [
    String(r.seq),
    textCell(timeCell(r.at, timeZone)),
    textCell(r.actor.label ?? r.actor.name ?? ''),
    textCell(r.actor.role),
    textCell(r.ip ?? ''),
    textCell(r.userAgent ?? ''),
    textCell(r.route ?? ''),
    textCell(r.entity),
    textCell(r.entityId ?? ''),
    textCell(r.parentEntity ? `${r.parentEntity} ${r.parentId ?? ''}` : ''),
    textCell(r.action),
    textCell(r.changes ? JSON.stringify(r.changes) : ''),
    textCell(r.hash),
  ].join(',');
}
