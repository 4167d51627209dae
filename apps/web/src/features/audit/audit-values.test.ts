import { describe, expect, it } from 'vitest';
import { changedFields, recordHref, shortId, valueView } from './audit-values';

describe('a value of the audit trail', () => {
  it('is none for null, a missing value and an empty text (the screen writes "—")', () => {
    expect(valueView(null)).toEqual({ kind: 'none' });
    expect(valueView(undefined)).toEqual({ kind: 'none' });
    expect(valueView('')).toEqual({ kind: 'none' });
  });

  it('is hidden for a secret or an ID detail, and a length for a long text the trail did not keep', () => {
    expect(valueView({ hidden: true })).toEqual({ kind: 'hidden' });
    expect(valueView({ omitted: 2481 })).toEqual({ kind: 'omitted', length: 2481 });
  });

  it('keeps a moment, a day, a number and a yes/no apart from a text', () => {
    expect(valueView('2026-12-01T10:15:00.123+00:00')).toEqual({ kind: 'moment', value: '2026-12-01T10:15:00.123+00:00' });
    expect(valueView('2026-12-01T10:15:00Z')).toMatchObject({ kind: 'moment' });
    expect(valueView('2026-12-05')).toEqual({ kind: 'day', value: '2026-12-05' });
    expect(valueView(15)).toEqual({ kind: 'number', value: 15 });
    expect(valueView(false)).toEqual({ kind: 'yes-no', value: false });
    expect(valueView('TRAIL10')).toEqual({ kind: 'text', value: 'TRAIL10' });
  });

  it('writes a list or an object that is not a marker as JSON', () => {
    expect(valueView(['a', 'b'])).toEqual({ kind: 'text', value: '["a","b"]' });
    expect(valueView({ hidden: true, other: 1 })).toEqual({ kind: 'text', value: '{"hidden":true,"other":1}' });
  });
});

describe('the fields a record changed', () => {
  it('lists each with before and after, by name; none for a sign-in without changes', () => {
    expect(changedFields({ usage_limit: [0, 5], discount_value: [10, 15] })).toEqual([
      { field: 'discount_value', before: 10, after: 15 },
      { field: 'usage_limit', before: 0, after: 5 },
    ]);
    expect(changedFields(null)).toEqual([]);
  });
});

describe('the screen a record opens on', () => {
  const record = { entity: 'coupon', entityId: 'c1', parentEntity: null, parentId: null, action: 'update' };

  it('is the record’s own screen where the admin has one', () => {
    expect(recordHref({ ...record, entity: 'reservation', entityId: 'r1' })).toBe('/admin/reservation?reservation=r1');
    expect(recordHref({ ...record, entity: 'booking', entityId: 'b1', parentEntity: 'reservation', parentId: 'r1' })).toBe('/admin/reservation?booking=b1');
    expect(recordHref({ ...record, entity: 'room', entityId: 'm1' })).toBe('/admin/room-management?edit=m1');
    expect(recordHref({ ...record, entity: 'user', entityId: 'u1', action: 'sign-in' })).toBe('/admin/users?history=u1');
  });

  it('is the screen of what it belongs to: a payment’s reservation, a block’s room, a card’s booking', () => {
    expect(recordHref({ ...record, entity: 'payment', entityId: 'p1', parentEntity: 'reservation', parentId: 'r1' })).toBe('/admin/reservation?reservation=r1');
    expect(recordHref({ ...record, entity: 'room-block', entityId: 'k1', parentEntity: 'room', parentId: 'm1' })).toBe('/admin/room-management?edit=m1');
    expect(recordHref({ ...record, entity: 'guest-card', entityId: 'g1', parentEntity: 'booking', parentId: 'b1' })).toBe('/admin/reservation?booking=b1');
  });

  it('is the list of its kind when it has no screen of its own, or was deleted; none for a business day', () => {
    expect(recordHref(record)).toBe('/admin/manage-discount');
    expect(recordHref({ ...record, entity: 'hero-slide', entityId: 'h1', action: 'delete' })).toBe('/admin/hero-slides');
    expect(recordHref({ ...record, entity: 'room', entityId: 'm1', action: 'delete' })).toBe('/admin/room-management');
    expect(recordHref({ ...record, entity: 'business-day', entityId: '2026-12-01' })).toBeNull();
  });
});

describe('a short id', () => {
  it('cuts a UUID to its first eight characters and keeps a short key whole', () => {
    expect(shortId('3f2c9a1e-7b1d-4c55-9a0e-3d1f0c2b9e77')).toBe('3f2c9a1e…');
    expect(shortId('LAUNDRY')).toBe('LAUNDRY');
  });
});
