import type { TBooking } from '@residency/shared';

/**
 * A booking as the API sends it, for the web tests: Farhana Akter's confirmed online stay of two
 * nights in Deluxe King 301 (1–3 December 2026), ৳24,035 with service charge and VAT, nothing
 * paid yet. A test gives as `overrides` only what its case is about.
 */
export function sampleBooking(overrides: Partial<TBooking> = {}): TBooking {
  return {
    _id: 'b1',
    transactionId: 'RSV-TEST0001',
    reservationId: 'res1',
    reservationReference: 'RSV-TEST0001',
    user: { _id: 'u1', name: 'Farhana Akter', email: 'farhana@example.com' },
    phone: '+880 1712-345678',
    address: null,
    room: { _id: 'r1', category: 'Deluxe King', roomNumber: '301' },
    startDate: '2026-12-01',
    endDate: '2026-12-03',
    adults: 2,
    children: 0,
    airportShuttle: false,
    nights: 2,
    perNightCost: 9500,
    ratePlan: 'STD',
    nightlyLines: [
      { date: '2026-12-01', plan: 'STD', price: 9500, extraAdults: 0, extraChildren: 0, meals: 0, overrideReason: null },
      { date: '2026-12-02', plan: 'STD', price: 9500, extraAdults: 0, extraChildren: 0, meals: 0, overrideReason: null },
    ],
    cancellationFee: null,
    subtotal: 19000,
    discount: 0,
    couponCode: null,
    withOutVatAndService: 19000,
    serviceCharge: 1900,
    vat: 3135,
    amount: 24035,
    paymentStatus: 'Pending',
    isConfirmed: true,
    status: 'active',
    stage: 'booked',
    state: 'confirmed',
    bookedEndDate: '2026-12-03',
    confirmedAt: '2026-11-24T02:00:00.000Z',
    checkedInAt: null,
    checkedOutAt: null,
    noShowAt: null,
    cancelledAt: null,
    registration: { complete: false, note: null },
    charged: 24035,
    paid: 0,
    balance: 24035,
    paymentState: 'unpaid',
    guestCancelUntil: '2026-11-30T08:00:00.000Z',
    cancellationFeeNow: 0,
    deposit: 0,
    depositDue: 0,
    depositDueBy: null,
    source: 'online',
    createdAt: '2026-11-24T00:00:00.000Z',
    ...overrides,
  };
}
