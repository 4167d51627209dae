import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../../config.ts';
import { query, useTestApp } from '../../test/app.ts';
import { startFeedServer, type FeedServer } from '../../test/feed-server.ts';
import { unusedPort } from '../../test/smtp.ts';
import { book, day, HOTEL_ACCOUNTS, smallHotelRooms } from '../../test/stays.ts';

/*
 * A gateway down or slow (issue 33): SSLCommerz answers nothing (a server that never replies,
 * cut at PAYMENT_GATEWAY_TIMEOUT_MS), bKash is a closed port. The guest is told to try again,
 * nothing is charged, and the rooms are held no longer than the hold.
 */

let slow: FeedServer;
let closedPort: number;
beforeAll(async () => {
  slow = await startFeedServer();
  slow.serve('/gwprocess/v4/api.php', { hang: true });
  closedPort = await unusedPort();
});
afterAll(async () => slow?.close());

const ctx = useTestApp({
  accounts: HOTEL_ACCOUNTS,
  env: () => ({
    SSLCOMMERZ_STORE_ID: SANDBOX_CREDENTIALS.sslcommerz.storeId,
    SSLCOMMERZ_STORE_PASSWORD: SANDBOX_CREDENTIALS.sslcommerz.storePassword,
    SSLCOMMERZ_BASE_URL: slow.url(''),
    BKASH_APP_KEY: 'k',
    BKASH_APP_SECRET: 's',
    BKASH_USERNAME: 'u',
    BKASH_PASSWORD: 'p',
    BKASH_BASE_URL: `http://127.0.0.1:${closedPort}`,
    PAYMENT_GATEWAY_TIMEOUT_MS: '300',
    PAYMENT_POLL_MS: '3600000',
  }),
});

describe('a payment gateway down or slow', () => {
  it('books and holds the rooms, says the payment could not start, answers 503 to another try, and lets the rooms go at the end of the hold', async () => {
    const rooms = await smallHotelRooms(ctx.app, ctx.admin);
    const booked = await book(ctx.app, ctx.guest, rooms['101']!, day(200), day(202), { onlinePayment: { gateway: 'sslcommerz', pay: 'full' } });
    expect(booked.statusCode, booked.body).toBe(201);
    const { reservationId, onlinePayment } = booked.json().data;
    expect(onlinePayment).toMatchObject({ redirectUrl: null, error: expect.stringContaining('did not answer') });
    expect(slow.hits('/gwprocess/v4/api.php')).toBe(1);

    for (const gateway of ['sslcommerz', 'bkash']) {
      const again = await ctx.app.inject({ method: 'POST', url: `/api/reservations/${reservationId}/online-payments`, headers: ctx.guest.auth, payload: { gateway, pay: 'full' } });
      expect(again.statusCode).toBe(503);
      expect(again.json()).toMatchObject({ code: 'GATEWAY_UNAVAILABLE', message: expect.stringContaining('Nothing was charged') });
    }
    // No session is left open: each failed at once, so a later try is not refused as "under way".
    const statuses = await query<{ status: string }>(ctx.app, sql`select status from online_payment_sessions order by created_at`);
    expect(statuses.map((s) => s.status)).toEqual(['failed', 'failed', 'failed']);

    await query(ctx.app, sql`update reservations set hold_until = now() - interval '1 second' where id = ${reservationId}`);
    await ctx.app.onlinePayments.runJob();
    const [stay] = await query<{ status: string }>(ctx.app, sql`select status from bookings where reservation_id = ${reservationId}`);
    expect(stay!.status).toBe('cancelled');
    expect(await query(ctx.app, sql`select * from payments`)).toEqual([]);
  });
});
