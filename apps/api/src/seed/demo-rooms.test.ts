import { existsSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_WIDTHS, ZRoomInput, imageVariant, type TCategory, type TRoom } from '@residency/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadsDir } from '../plugins/storage.ts';
import { useTestApp } from '../test/app.ts';
import { DEMO_CATEGORIES, DEMO_ROOMS, seedDemoRooms, type DemoRoomsResult } from './demo-rooms.ts';

let first: DemoRoomsResult | null;

const ctx = useTestApp({ reset: 'file', accounts: {} });
beforeAll(async () => {
  // Small pictures: the drawing is the same, only faster.
  first = await seedDemoRooms(ctx.app.db, ctx.app.storage, { scale: 0.25 });
  // The seed writes past the API: the room list answers once this process's index has heard of it.
  await ctx.app.availability.caughtUp();
}, 120_000);

async function categories(): Promise<TCategory[]> {
  return (await ctx.app.inject({ url: '/api/room-categories' })).json().data;
}
async function rooms(): Promise<TRoom[]> {
  return (await ctx.app.inject({ url: '/api/room?limit=1000' })).json().data;
}
/** The file behind an /uploads/ URL. */
const fileOf = (url: string) => path.join(uploadsDir(ctx.app.config.dataDir), url.replace(/^\/uploads\//, ''));

describe('seedDemoRooms', () => {
  it('creates 5 categories and 34 rooms numbered by floor', async () => {
    expect(first).toMatchObject({ categories: 5, rooms: 34 });
    const list = await categories();
    expect(list.map((c) => c.name)).toEqual([...DEMO_CATEGORIES.map((c) => c.name)].sort());
    expect(list.reduce((sum, c) => sum + c.roomCount, 0)).toBe(34);
    const numbers = (await rooms()).map((r) => r.room_overview.room_number);
    expect(numbers).toHaveLength(34);
    expect(numbers).toContain('101');
    expect(numbers).toContain('208');
    expect(numbers).toContain('504');
  });

  it('makes every room valid by the per-room rules (ZRoomInput)', async () => {
    for (const room of await rooms()) {
      const { _id, createdAt, updatedAt, ...input } = room;
      const parsed = ZRoomInput.safeParse(input);
      expect(parsed.success, `room ${room.room_overview.room_number}: ${parsed.error?.message}`).toBe(true);
      expect([_id, createdAt, updatedAt].every(Boolean)).toBe(true);
    }
  });

  it('gives each category Bengali texts, honest prices and pictures whose files exist', async () => {
    for (const category of await categories()) {
      const bn = category.translations.bn;
      expect(bn?.name, category.name).toMatch(/[\u0980-\u09FF]/);
      expect(bn?.description).toMatch(/[\u0980-\u09FF]/);
      expect(bn?.size).toMatch(/[\u0980-\u09FF]/);
      expect(bn?.beds).toMatch(/[\u0980-\u09FF]/);
      expect(bn?.special_benefits?.length).toBe(category.special_benefits.length);
      // Every free text of the room details pop-up, so a Bengali reader sees no English there.
      for (const field of ['wireless_internet', 'windows', 'room_service', 'bottled_water', 'minibar'] as const) {
        expect(bn?.[field], `${category.name} ${field}`).toMatch(/[\u0980-\u09FF]/);
      }
      expect(bn?.phone_features?.length).toBe((category.internet_and_phones.phone_features as string[]).length);
      expect(bn?.international_channels?.length).toBe((category.entertainment.international_channels as string[]).length);
      for (const text of [...(bn?.phone_features ?? []), ...(bn?.international_channels ?? [])]) expect(text).toMatch(/[\u0980-\u09FF]/);
      expect(category.offerPrice).toBeGreaterThanOrEqual(4500);
      expect(category.offerPrice).toBeLessThanOrEqual(18000);
      expect(category.images.length).toBeGreaterThanOrEqual(2);
      for (const url of category.images) {
        for (const width of IMAGE_WIDTHS) expect(existsSync(fileOf(imageVariant(url, width))), url).toBe(true);
      }
    }
    // Some show a struck-through rack rate, some do not.
    const list = await categories();
    expect(list.some((c) => c.rackRate > c.offerPrice)).toBe(true);
    expect(list.some((c) => c.rackRate <= c.offerPrice)).toBe(true);
  });

  it('sets the demo states, prices and own pictures of a few rooms', async () => {
    const byNumber = new Map((await rooms()).map((r) => [r.room_overview.room_number, r]));
    for (const [number, demo] of Object.entries(DEMO_ROOMS)) {
      const room = byNumber.get(number)!;
      expect(room.status).toBe(demo.status ?? 'available');
      if (demo.price) expect(room.price).toBe(demo.price);
      if (demo.scene) {
        expect(room.images.length).toBeGreaterThanOrEqual(1);
        expect(room.images.length).toBeLessThanOrEqual(3);
        expect(existsSync(fileOf(room.images[0]!))).toBe(true);
      }
    }
    const statuses = new Set([...byNumber.values()].map((r) => r.status));
    expect(statuses).toEqual(new Set(['available', 'booked', 'maintenance', 'cleaning']));
  });

  it('adds nothing on a second run', async () => {
    const before = await rooms();
    expect(await seedDemoRooms(ctx.app.db, ctx.app.storage, { scale: 0.25 })).toBeNull();
    ctx.app.roomsCache.clear();
    const after = await rooms();
    expect(after.map((r) => r._id)).toEqual(before.map((r) => r._id));
    expect((await categories()).length).toBe(5);
  });
});
