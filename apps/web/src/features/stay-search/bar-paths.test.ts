import { describe, expect, it } from 'vitest';
import { showsBookingBar, showsReserveButton } from './bar-paths';

describe('where the booking bar and the Reserve button show', () => {
  it('hides the bar on /booking/ paths (and the walk-in booking)', () => {
    expect(showsBookingBar('/')).toBe(true);
    expect(showsBookingBar('/view-rates')).toBe(true);
    expect(showsBookingBar('/booking/123')).toBe(false);
    expect(showsBookingBar('/booking/confirmation/123')).toBe(false);
    expect(showsBookingBar('/guest/booking/123')).toBe(false);
  });

  it('shows Reserve on public pages but not on /view-rates or while booking', () => {
    expect(showsReserveButton('/')).toBe(true);
    expect(showsReserveButton('/accommodation')).toBe(true);
    expect(showsReserveButton('/view-rates')).toBe(false);
    expect(showsReserveButton('/booking')).toBe(false);
    expect(showsReserveButton('/booking/123')).toBe(false);
  });
});
