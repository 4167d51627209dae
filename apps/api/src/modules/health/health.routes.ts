import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse, zSuccess } from '@residency/shared';
import { ok } from '../../lib/respond.ts';

const ZHealth = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /** The availability index (issue 23): the last change it holds and how far behind it ran. */
  availabilityIndex: z.object({
    seq: z.number(),
    lagMs: z.number().nullable(),
    missing: z.number(),
    live: z.boolean(),
    reloading: z.boolean(),
    reloads: z.number(),
    loadedAt: z.string().nullable(),
    rooms: z.number(),
    nights: z.object({ from: z.string(), to: z.string() }).nullable(),
    bytes: z.number(),
    /** Finished search answers kept (issue 36): bounded by maxBytes, dropped as their nights change. */
    answers: z.object({ entries: z.number(), bytes: z.number(), maxBytes: z.number(), hits: z.number(), misses: z.number() }),
  }),
});

/** How long the database may take to answer before the process counts as unhealthy. */
const DATABASE_TIMEOUT_MS = 2000;

/**
 * `GET /api/health` for load balancers and the container HEALTHCHECK: 200 when the database
 * answers a query, 503 otherwise. Redis is left out on purpose: without it rate limits pause,
 * but guests can still book, so taking the process out of rotation would only make things worse.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['site'], summary: 'Liveness and database check (503 when the database does not answer)', response: { 200: zSuccess(ZHealth), 503: ZErrorResponse } },
    },
    async (_request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database did not answer in time')), DATABASE_TIMEOUT_MS);
      });
      try {
        await Promise.race([app.db.execute(sql`select 1`), timeout]);
      } catch (err) {
        app.log.warn({ err: (err as Error).message }, 'health check: database unreachable');
        return reply.status(503).header('retry-after', '5').send({
          success: false,
          message: 'The database does not answer.',
          code: 'UNHEALTHY',
        });
      } finally {
        clearTimeout(timer);
      }
      return ok({ status: 'ok' as const, database: app.dbHandle.kind, availabilityIndex: app.availability.health() });
    },
  );
};
