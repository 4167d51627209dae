import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * Rate limits are off by default and switched on per route (`config.rateLimit`): sign-in,
 * sign-up, password reset and the contact form. With REDIS_URL the counters are shared by
 * every API process.
 */
export default fp(async function rateLimits(app: FastifyInstance) {
  const redis = app.config.redisUrl
    ? new Redis(app.config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'residency-rl:',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      success: false,
      code: 'RATE_LIMITED',
      message: `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
  if (redis) app.addHook('onClose', async () => void redis.quit());
});
