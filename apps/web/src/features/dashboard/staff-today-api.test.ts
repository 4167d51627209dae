import { describe, expect, it } from 'vitest';
import { listLinkPath } from './staff-today-api';

describe("listLinkPath: where a figure of the desk's day is listed", () => {
  it('opens the reservations with the filters of the link', () => {
    expect(listLinkPath({ list: 'bookings', query: { state: 'confirmed', from: '2026-12-10', to: '2026-12-10' } })).toBe(
      '/staff/reservation?state=confirmed&from=2026-12-10&to=2026-12-10',
    );
    expect(listLinkPath({ list: 'bookings', query: {} }, 'admin')).toBe('/admin/reservation');
  });
  it('opens housekeeping, the service requests and the event requests filtered by status', () => {
    expect(listLinkPath({ list: 'rooms', query: { status: 'cleaning' } })).toBe('/staff/housekeeping?status=cleaning');
    expect(listLinkPath({ list: 'services', query: { status: 'pending' } })).toBe('/staff/user-request?status=pending');
    expect(listLinkPath({ list: 'events', query: { status: 'pending' } })).toBe('/staff/event-request?status=pending');
  });
});
