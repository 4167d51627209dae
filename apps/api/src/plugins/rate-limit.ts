import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * Rate limits are off by default and switched on per route (`config.rateLimit`): sign-in,
 * sign-up, password reset, the contact form and the public coupon check, each with the
 * RATE_LIMIT_AUTH_* settings. With REDIS_URL the counters are shared by every API process.
 */
export default fp(async function rateLimits(app: FastifyInstance) {
  const redis = app.config.redisUrl
    ? new Redis(app.config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  // Redis being down must not lock guests out of signing in: requests pass unlimited meanwhile,
  // and the outage is logged once per disconnection rather than on every retry.
  let redisDown = false;
  redis?.on('error', (err) => {
    if (!redisDown) app.log.error({ err }, 'Redis for rate limits is unreachable; limits are paused');
    redisDown = true;
  });
  redis?.on('ready', () => {
    if (redisDown) app.log.info('Redis for rate limits is back');
    redisDown = false;
  });
  await app.register(rateLimit, {
    global: false,
    redis,
    skipOnError: true,
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
