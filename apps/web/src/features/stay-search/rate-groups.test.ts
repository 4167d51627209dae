import type { TCategory, TRoom } from '@residency/shared';
import { describe, expect, it } from 'vitest';
import { groupRoomsByCategory } from './rate-groups';

const room = (id: string, category: string, number: string, price: number) =>
  ({ _id: id, category, price, images: [], room_overview: { room_number: number } }) as unknown as TRoom;

describe('rates grouped by category', () => {
  it('groups the free rooms, cheapest category first, and books the cheapest free room of each', () => {
    const groups = groupRoomsByCategory(
      [
        room('a', 'Deluxe King', '302', 9500),
        room('b', 'Standard Queen', '110', 5500),
        room('c', 'Deluxe King', '301', 9500),
        room('d', 'Standard Queen', '108', 6000),
        room('e', 'Standard Queen', '104', 5500),
      ],
      [{ name: 'Deluxe King', rackRate: 12000 } as TCategory],
    );
    expect(groups.map((g) => g.category)).toEqual(['Standard Queen', 'Deluxe King']);
    expect(groups[0].rooms.map((r) => r._id)).toEqual(['e', 'b', 'd']);
    expect(groups[1].rooms.map((r) => r._id)).toEqual(['c', 'a']);
    expect(groups[1].info?.rackRate).toBe(12000);
    expect(groups[0].info).toBeUndefined();
  });

  it('is empty when nothing is free', () => {
    expect(groupRoomsByCategory([])).toEqual([]);
  });
});
