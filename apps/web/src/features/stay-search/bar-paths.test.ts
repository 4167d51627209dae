import { describe, expect, it } from 'vitest';
import { showsBookingBar, showsReserveButton } from './bar-paths';

describe('where the booking bar and the Reserve button show', () => {
  it('hides the bar on /booking/ paths (and the walk-in booking)', () => {
    expect(showsBookingBar('/')).toBe(true);
    expect(showsBookingBar('/view-rates')).toBe(true);
    expect(showsBookingBar('/booking/123')).toBe(false);
    expect(showsBookingBar('/booking/reservation/123')).toBe(false);
    expect(showsBookingBar('/guest/booking/123')).toBe(false);
  });

  it('shows Reserve only where booking is the next step: home, accommodation, gallery, blog, our city', () => {
    for (const path of ['/', '/accommodation', '/gallery', '/blog', '/blog/abc', '/blog/', '/our-city']) {
      expect(showsReserveButton(path), path).toBe(true);
    }
    for (const path of ['/view-rates', '/booking', '/booking/123', '/profile', '/login', '/events', '/contact', '/terms', '/blog/abc/def', '/nope', '/admin']) {
      expect(showsReserveButton(path), path).toBe(false);
    }
  });
});
