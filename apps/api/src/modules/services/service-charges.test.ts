import type { TServiceRequest } from '@residency/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { book, day, HOTEL_ACCOUNTS, smallHotelRooms } from '../../test/stays.ts';

/*
 * A completed service request posted to its stay's folio with an amount (issue 22): the staff's
 * list carries the reservation to charge and whether the request was charged already.
 */

const ctx = useTestApp({ accounts: HOTEL_ACCOUNTS });
let reservationId: string;
let bookingId: string;

beforeEach(async () => {
  const rooms = await smallHotelRooms(ctx.app, ctx.admin);
  const res = await book(ctx.app, ctx.guest, rooms['101']!, day(0), day(2));
  expect(res.statusCode, res.body).toBe(201);
  ({ reservationId, _id: bookingId } = res.json().data);
});

const ask = async (service: string, description = '') => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/services', headers: ctx.guest.auth, payload: { service, description, bookingId } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
};
const complete = (id: string) => ctx.app.inject({ method: 'PATCH', url: `/api/services/${id}`, headers: ctx.staff.auth, payload: { isCompleted: true } });
const charge = (id: string, body: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/reservations/${reservationId}/charges`,
    headers: ctx.staff.auth,
    payload: { chargeType: 'laundry', unitPrice: 450, quantity: 1, description: 'Laundry: 3 shirts', serviceRequestId: id, ...body },
  });
const listed = async (id: string) => {
  const res = await ctx.app.inject({ url: '/api/services', headers: ctx.staff.auth });
  return (res.json().data as TServiceRequest[]).find((r) => r._id === id);
};

describe('a completed service request charged to the folio', () => {
  it('lists the request with its reservation, posts its charge once, then shows it charged', async () => {
    const id = await ask('laundry', '3 shirts');
    expect(await listed(id)).toMatchObject({ booking: { _id: bookingId, reservationId }, chargedToFolio: false });
    expect((await complete(id)).statusCode).toBe(200);

    const res = await charge(id);
    expect(res.statusCode, res.body).toBe(201);
    const lines = res.json().data.lines.filter((l: { chargeType: string | null }) => l.chargeType === 'laundry');
    expect(lines[0]).toMatchObject({ kind: 'charge', amount: 450, description: 'Laundry: 3 shirts', bookingId });
    expect(await listed(id)).toMatchObject({ chargedToFolio: true });

    const twice = await charge(id, { unitPrice: 100 });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'ALREADY_CHARGED']);
  });

  it('refuses a request that is not completed yet (409), and one of another reservation (404)', async () => {
    const id = await ask('room_service', 'Tea for two');
    const early = await charge(id, { chargeType: 'room_service' });
    expect([early.statusCode, early.json().code]).toEqual([409, 'SERVICE_NOT_COMPLETED']);
    expect(await listed(id)).toMatchObject({ chargedToFolio: false });

    const rooms = await smallHotelRooms(ctx.app, ctx.admin);
    const other = (await book(ctx.app, ctx.guest, rooms['102']!, day(0), day(1))).json().data.reservationId as string;
    await complete(id);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/reservations/${other}/charges`,
      headers: ctx.staff.auth,
      payload: { chargeType: 'room_service', unitPrice: 300, quantity: 1, serviceRequestId: id },
    });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'SERVICE_REQUEST_NOT_FOUND']);
  });
});
