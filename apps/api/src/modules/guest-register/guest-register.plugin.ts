import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repeatPass } from '../../lib/repeated-pass.ts';
import { runRegisterRetention } from './register-retention.service.ts';

/** What the rest of the app (and the tests) ask of the guest register. */
export interface GuestRegister {
  /** One retention pass as of `now` (the schedule runs it every REGISTER_RETENTION_POLL_MS). */
  runRetention(now?: Date): Promise<{ photos: number; cards: number }>;
}

/** The register's retention job (issue 34), in every process; its passes claim rows with SKIP LOCKED. */
export default fp(async function guestRegister(app: FastifyInstance) {
  const deps = { db: app.db, config: app.config, privateStorage: app.privateStorage, log: app.log };
  const service: GuestRegister = { runRetention: (now) => runRegisterRetention(deps, now) };
  app.decorate('guestRegister', service);
  repeatPass(app, 'guest register retention', () => service.runRetention(), { everyMs: app.config.register.retentionPollMs, firstMs: 60_000 });
});
