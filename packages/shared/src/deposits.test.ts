import { describe, expect, it } from 'vitest';
import { depositOf } from './rates.ts';
import { reservationDeposit } from './reservations.ts';

/* A plan's deposit on a stay as priced, and a reservation's from its rooms (issue 22). */

const stay = { amount: 28462.5, lines: [{ total: 7500 }, { total: 7500 }, { total: 7500 }] };

describe('depositOf', () => {
  it('asks nothing without a policy, or of a stay that costs nothing', () => {
    expect(depositOf({ policy: 'none', percent: null }, stay)).toBe(0);
    expect(depositOf({ policy: 'first_night', percent: null }, { amount: 0, lines: [{ total: 0 }] })).toBe(0);
  });

  it("asks the first night's share of the amount, its service charge, VAT and discount with it", () => {
    expect(depositOf({ policy: 'first_night', percent: null }, stay)).toBe(9487.5);
    // A dearer first night takes a larger share, rounded to the paisa.
    expect(depositOf({ policy: 'first_night', percent: null }, { amount: 10000, lines: [{ total: 2000 }, { total: 1000 }] })).toBe(6666.67);
  });

  it('asks a percentage of the amount, rounded to the paisa', () => {
    expect(depositOf({ policy: 'percent', percent: 30 }, stay)).toBe(8538.75);
    expect(depositOf({ policy: 'percent', percent: 33 }, { amount: 100.01, lines: [{ total: 80 }] })).toBe(33);
  });
});

describe('reservationDeposit', () => {
  it('sums the rooms still booked, and gives the earliest due time', () => {
    expect(
      reservationDeposit([
        { status: 'active', deposit: 9487.5, depositDue: 0, depositDueBy: '2027-01-02T08:00:00.000Z' },
        { status: 'active', deposit: 9487.5, depositDue: 6975.1, depositDueBy: '2027-01-02T08:00:00.000Z' },
        { status: 'cancelled', deposit: 5000, depositDue: 0, depositDueBy: '2027-01-01T08:00:00.000Z' },
        { status: 'active', deposit: 0, depositDue: 0, depositDueBy: null },
      ]),
    ).toEqual({ deposit: 18975, depositDue: 6975.1, depositDueBy: '2027-01-02T08:00:00.000Z' });
  });

  it('says none when no room asked one', () => {
    expect(reservationDeposit([{ status: 'active', deposit: 0, depositDue: 0, depositDueBy: null }])).toEqual({ deposit: 0, depositDue: 0, depositDueBy: null });
  });
});
