import Fastify from 'fastify';
import { SANDBOX_CREDENTIALS } from '../config.ts';
import { sandboxGateway } from './sandbox-gateway.plugin.ts';

/*
 * The sandbox gateway as a process of its own, as tests run it:
 *   node apps/api/src/sandbox-gateway/server.ts [port]
 * It prints `listening <base URL>` when ready. SANDBOX_TOKEN_SECONDS shortens bKash's tokens.
 */

const port = Number(process.argv[2] ?? process.env.PORT ?? 4100);
const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
const base = `http://127.0.0.1:${port}`;
await app.register(sandboxGateway, {
  publicBase: base,
  sslcommerz: SANDBOX_CREDENTIALS.sslcommerz,
  bkash: { ...SANDBOX_CREDENTIALS.bkash, tokenSeconds: process.env.SANDBOX_TOKEN_SECONDS ? Number(process.env.SANDBOX_TOKEN_SECONDS) : undefined },
  timeoutMs: 10_000,
  control: true,
});
await app.listen({ port, host: '127.0.0.1' });
console.log(`listening ${base}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void app.close().then(() => process.exit(0)));
