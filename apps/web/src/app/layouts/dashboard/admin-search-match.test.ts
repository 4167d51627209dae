import { describe, expect, it } from 'vitest';
import { matchSections } from './admin-search-match';

const EN = [
  { path: 'dashboard', label: 'Dashboard' },
  { path: 'reservation', label: 'Reservations' },
  { path: 'room-management', label: 'Rooms' },
  { path: 'categories', label: 'Categories' },
  { path: 'event-request', label: 'Event Requests' },
  { path: 'manage-discount', label: 'Coupons' },
];
const paths = (term: string, sections = EN) => matchSections(sections, term).map((s) => s.path);

describe('the admin header search', () => {
  it('finds Event Requests by its title, a part of it, or the plural the admin types', () => {
    for (const term of ['Event Requests', 'event', 'events', 'requests', 'ev req', 'EVENT-REQUEST']) {
      expect(paths(term), term).toEqual(['event-request']);
    }
  });

  it('finds sections by their English path words too (room man, discount, category)', () => {
    expect(paths('room man')).toEqual(['room-management']);
    expect(paths('discount')).toEqual(['manage-discount']);
    expect(paths('category')).toEqual(['categories']);
  });

  it('finds a section by its Bengali title, and by its English words while in Bengali', () => {
    const bn = EN.map((s) => (s.path === 'event-request' ? { ...s, label: 'ইভেন্ট অনুরোধ' } : s));
    expect(paths('ইভেন্ট', bn)).toEqual(['event-request']);
    expect(paths('events', bn)).toEqual(['event-request']);
  });

  it('offers every section for an empty search and none for a word no section has', () => {
    expect(paths('  ')).toHaveLength(EN.length);
    expect(paths('invoices')).toEqual([]);
  });
});
