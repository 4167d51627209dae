import { ZBackup, zSuccess } from '@residency/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/respond.ts';
import { ADMIN } from '../../plugins/access.ts';
import { listBackups, takeBackup } from './backups.service.ts';

/** Backups (issue 35): an admin takes one now and sees each with its size, time and verification. */
export const backupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { handle: app.dbHandle, config: app.config };
  app.get(
    '/admin/backups',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['backups'],
        summary:
          'The backups kept, newest first: file, time, size, whether its restore into a scratch database matched (row counts and the audit chain’s last record), what took it, and its copy in S3_BACKUP_BUCKET (offsite: key and time, or why the copy failed; null when no bucket was set)',
        response: { 200: zSuccess(z.array(ZBackup)) },
      },
    },
    async () => ok(await listBackups(deps)),
  );

  app.post(
    '/admin/backups',
    {
      // 409: no BACKUP_ENCRYPTION_KEY is set.
      config: { access: ADMIN, errors: [409] },
      schema: {
        tags: ['backups'],
        summary:
          'Takes a backup now, while the hotel works: the database’s consistent copy and the uploads (from the data directory or their S3 buckets), in one encrypted file in BACKUP_DIR, then restores it into a scratch database to verify it and, with S3_BACKUP_BUCKET, copies it there (a failed copy is recorded, not a failed backup). Answers { file, bytes, verified, offsite }',
        response: { 201: zSuccess(ZBackup) },
      },
    },
    async (_request, reply) => reply.status(201).send(ok(await takeBackup(deps, 'admin'), 'Backup taken')),
  );
};
