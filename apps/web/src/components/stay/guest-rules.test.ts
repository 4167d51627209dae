import { describe, expect, it } from 'vitest';
import { fitGuests, guestMaxima, guestSteppers, stepGuests, withinMaxima } from './guest-rules';

describe('guest picker limits (spec sections 5 and 9)', () => {
  it('allows adults 1-3, children 0-2 and 3 guests in all by default', () => {
    expect(guestMaxima()).toEqual({ adults: 3, children: 2, total: 3 });
  });

  it('disables minus at the minimums: 1 adult, 0 children', () => {
    const s = guestSteppers({ adults: 1, children: 0 });
    expect(s.adults.canDecrease).toBe(false);
    expect(s.children.canDecrease).toBe(false);
    expect(s.adults.canIncrease).toBe(true);
    expect(s.children.canIncrease).toBe(true);
  });

  it('disables both plus buttons once the total reaches 3', () => {
    for (const guests of [
      { adults: 3, children: 0 },
      { adults: 2, children: 1 },
      { adults: 1, children: 2 },
    ]) {
      const s = guestSteppers(guests);
      expect(s.adults.canIncrease, JSON.stringify(guests)).toBe(false);
      expect(s.children.canIncrease, JSON.stringify(guests)).toBe(false);
    }
  });

  it('disables children plus at 2 children even below 3 in all (under a looser total)', () => {
    const s = guestSteppers({ adults: 1, children: 2 }, { adults: 3, children: 2, total: 4 });
    expect(s.children.canIncrease).toBe(false);
    expect(s.adults.canIncrease).toBe(true);
  });

  it("follows the chosen category's maximum_adults, maximum_children and maximum_occupancy", () => {
    const twin = guestMaxima({ maximum_adults: 2, maximum_children: 0, maximum_occupancy: 2 });
    expect(twin).toEqual({ adults: 2, children: 0, total: 2 });
    expect(guestSteppers({ adults: 1, children: 0 }, twin).children.canIncrease).toBe(false);
    expect(guestSteppers({ adults: 2, children: 0 }, twin).adults.canIncrease).toBe(false);
    const queen = guestMaxima({ maximum_adults: 2, maximum_children: 1, maximum_occupancy: 3 });
    expect(guestSteppers({ adults: 2, children: 0 }, queen)).toMatchObject({
      adults: { canIncrease: false },
      children: { canIncrease: true },
    });
  });

  it('never lets a category raise the hotel limits, and ignores maximums that are not numbers', () => {
    expect(guestMaxima({ maximum_adults: 6, maximum_children: 4, maximum_occupancy: 8 })).toEqual({ adults: 3, children: 2, total: 3 });
    expect(guestMaxima({ maximum_adults: '2', maximum_children: null })).toEqual({ adults: 3, children: 2, total: 3 });
  });

  it('steps within the limits only', () => {
    expect(stepGuests({ adults: 2, children: 1 }, 'adults', 1)).toEqual({ adults: 2, children: 1 });
    expect(stepGuests({ adults: 2, children: 0 }, 'children', 1)).toEqual({ adults: 2, children: 1 });
    expect(stepGuests({ adults: 1, children: 0 }, 'adults', -1)).toEqual({ adults: 1, children: 0 });
  });

  it('tells whether guests chosen earlier fit a category chosen later', () => {
    expect(withinMaxima({ adults: 2, children: 1 }, guestMaxima({ maximum_children: 0 }))).toBe(false);
    expect(withinMaxima({ adults: 2, children: 1 }, guestMaxima())).toBe(true);
  });

  it('brings guests chosen earlier within a room type chosen later: children give way first, one adult stays', () => {
    const twoInAll = guestMaxima({ maximum_adults: 2, maximum_children: 1, maximum_occupancy: 2 });
    expect(fitGuests({ adults: 2, children: 1 }, twoInAll)).toEqual({ adults: 2, children: 0 });
    expect(fitGuests({ adults: 3, children: 0 }, twoInAll)).toEqual({ adults: 2, children: 0 });
    expect(fitGuests({ adults: 1, children: 2 }, twoInAll)).toEqual({ adults: 1, children: 1 });
    const adultsOnly = guestMaxima({ maximum_adults: 3, maximum_children: 0, maximum_occupancy: 3 });
    expect(fitGuests({ adults: 1, children: 2 }, adultsOnly)).toEqual({ adults: 1, children: 0 });
    const single = guestMaxima({ maximum_adults: 1, maximum_children: 0, maximum_occupancy: 1 });
    expect(fitGuests({ adults: 2, children: 1 }, single)).toEqual({ adults: 1, children: 0 });
    for (const guests of [{ adults: 2, children: 1 }, { adults: 3, children: 0 }, { adults: 1, children: 2 }]) {
      expect(withinMaxima(fitGuests(guests, twoInAll), twoInAll)).toBe(true);
    }
  });

  it('leaves guests that fit as they are (the same object)', () => {
    const guests = { adults: 2, children: 0 };
    expect(fitGuests(guests, guestMaxima({ maximum_occupancy: 2 }))).toBe(guests);
  });
});
