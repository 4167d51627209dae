import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repeatPass } from '../../lib/repeated-pass.ts';
import type { OnlineGateway, OnlinePay } from '@residency/shared';
import { sandboxGateway } from '../../sandbox-gateway/sandbox-gateway.plugin.ts';
import { newRoomQueue } from '../reservations/bookings.service.ts';
import { gatewaysOf, runPaymentJob, startOnlinePayment, type Caller, type OnlinePaymentDeps } from './online-payments.service.ts';

/** A new booking's payment: the session opened, or why it could not be. */
interface BookingPaymentStart {
  sessionId: string;
  redirectUrl: string | null;
  holdUntil: string;
  amount: number;
  gateway: OnlineGateway;
  error: string | null;
}

/** What other modules ask of online payment: a new booking opens its session through it. */
export interface OnlinePayments {
  deps: OnlinePaymentDeps;
  /** Opens a session for a booking just made; a gateway that does not answer leaves it held, with the reason (the guest tries again). */
  startForNewBooking(reservationId: string, choice: { gateway: OnlineGateway; pay: OnlinePay }, caller: Caller, holdUntil: Date): Promise<BookingPaymentStart>;
  /** Runs one pass of the payment job now (tests; the schedule runs it every PAYMENT_POLL_MS). */
  runJob(now?: Date): Promise<void>;
}

/**
 * Online payment's wiring (issue 33): the gateway clients, `app.onlinePayments`, the job that
 * lets unpaid holds go and asks about sessions whose notification never came, and, outside
 * production when configured, the sandbox gateway under /sandbox-gateway/.
 */
export default fp(async function onlinePayments(app: FastifyInstance) {
  const deps: OnlinePaymentDeps = { db: app.db, mailer: app.mailer, sms: app.sms, config: app.config, roomQueue: newRoomQueue(), rates: () => app.availability.rateCalendar(), rooms: (ids) => app.availability.roomsForBooking(ids), gateways: gatewaysOf(app.config), log: app.log };
  const service: OnlinePayments = {
    deps,
    async startForNewBooking(reservationId, choice, caller, holdUntil) {
      try {
        return { ...(await startOnlinePayment(deps, reservationId, choice, caller)), error: null };
      } catch (error) {
        const message = (error as { message?: string }).message ?? 'The payment could not be started.';
        return { sessionId: '', redirectUrl: null, holdUntil: holdUntil.toISOString(), amount: 0, gateway: choice.gateway, error: message };
      }
    },
    runJob: (now) => runPaymentJob(deps, now),
  };
  app.decorate('onlinePayments', service);

  if (app.config.payments.sandbox) {
    await app.register(
      async (sandbox) => {
        const { sslcommerz, bkash, timeoutMs } = app.config.payments;
        await sandboxGateway(sandbox, {
          publicBase: `${app.config.publicUrl}/sandbox-gateway`,
          sslcommerz: sslcommerz!,
          bkash: bkash!,
          timeoutMs,
        });
      },
      { prefix: '/sandbox-gateway' },
    );
  }

  // The job, in every process: each pass claims its work (SKIP LOCKED), so two processes share it.
  // The first pass soon after the start: a restart catches up on holds and sessions at once.
  repeatPass(app, 'payment job pass', () => runPaymentJob(deps), { everyMs: app.config.payments.pollMs, firstMs: Math.min(1000, app.config.payments.pollMs) });
});
