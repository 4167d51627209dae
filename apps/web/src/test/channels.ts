import type { TBlock, TConflict } from '@residency/shared';

/**
 * A channel conflict as the API sends it, for the web tests: Airbnb sold 12–15 January 2027 of
 * room 501 (Executive Suite), nights Karim Chowdhury's reservation holds from the 13th (the 12th is
 * held for Airbnb's guest, the 13th and 14th clash). A test
 * gives as `overrides` only what its case is about.
 */
export function sampleConflict(overrides: Partial<TConflict> = {}): TConflict {
  return {
    _id: 'c1',
    feedId: 'f1',
    channel: 'airbnb',
    room: { _id: 'r1', roomNumber: '501', category: 'Executive Suite' },
    uid: 'x1@airbnb.com',
    checkIn: '2027-01-12',
    checkOut: '2027-01-15',
    summary: 'Reserved',
    heldNights: [{ checkIn: '2027-01-12', checkOut: '2027-01-13' }],
    clashingNights: [{ checkIn: '2027-01-13', checkOut: '2027-01-15' }],
    heldBy: { kind: 'booking', _id: 'b1', transactionId: 'RSV-7Q2K9ABC', guestName: 'Karim Chowdhury', checkIn: '2027-01-13', checkOut: '2027-01-16' },
    createdAt: '2026-11-26T09:15:00.000Z',
    resolvedAt: null,
    resolvedBy: null,
    note: null,
    resolution: null,
    ...overrides,
  };
}

/** A block as the API sends it, for the web tests: Airbnb holds room 301 from 12 to 15 January 2027. */
export function sampleBlock(overrides: Partial<TBlock> = {}): TBlock {
  return {
    _id: 'k1',
    room: { _id: 'r1', roomNumber: '301', category: 'Deluxe King' },
    source: 'channel',
    channel: 'airbnb',
    checkIn: '2027-01-12',
    checkOut: '2027-01-15',
    summary: 'Reserved',
    createdAt: '2026-11-26T09:15:00.000Z',
    createdBy: null,
    ...overrides,
  };
}
