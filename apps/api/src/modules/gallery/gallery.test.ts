import type { TGalleryItem } from '@residency/shared/gallery';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';

const ctx = useTestApp();

const add = (body: object, headers: Record<string, string> = ctx.admin.auth) =>
  ctx.app.inject({ method: 'POST', url: '/api/gallery', payload: body, headers });

async function added(title: string, category: TGalleryItem['category']): Promise<TGalleryItem> {
  const res = await add({ title, category, url: `/uploads/g/${encodeURIComponent(title)}-1280.webp` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe('POST /api/gallery', () => {
  it('adds a picture for an admin', async () => {
    const res = await add({ title: '  Lobby at night ', category: 'hotel', url: '/uploads/ab/lobby-1280.webp' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Image added',
      data: { title: 'Lobby at night', category: 'hotel', url: '/uploads/ab/lobby-1280.webp' },
    });
  });

  it("answers 'Please input the title!' and 'Please select a category!', and stores nothing", async () => {
    const res = await add({ title: '', category: 'spa', url: '/uploads/a.webp' });
    expect(res.statusCode).toBe(400);
    const errors = Object.fromEntries(res.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(errors).toEqual({ title: 'Please input the title!', category: 'Please select a category!' });
    const missing = await add({ url: '/uploads/a.webp' });
    expect(missing.json().errors.map((e: { message: string }) => e.message)).toEqual(['Please input the title!', 'Please select a category!']);
    expect((await add({ title: 'x', category: 'room', url: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/gallery' })).json().data).toEqual([]);
  });

  it('refuses users and staff with 403 and anonymous callers with 401', async () => {
    const body = { title: 'Pool', category: 'hotel', url: '/uploads/a.webp' };
    expect((await add(body, ctx.guest.auth)).statusCode).toBe(403);
    expect((await add(body, ctx.staff.auth)).statusCode).toBe(403);
    expect((await add(body, {})).statusCode).toBe(401);
  });
});

describe('GET /api/gallery', () => {
  it('lists every picture newest first, for anyone, and one category when asked', async () => {
    await added('Deluxe king', 'room');
    await added('Rooftop grill', 'dining');
    await added('Buriganga boats', 'others');
    await added('Twin room', 'room');
    const all = await ctx.app.inject({ method: 'GET', url: '/api/gallery' });
    expect(all.statusCode).toBe(200);
    expect(all.json().success).toBe(true);
    expect(all.json().data.map((g: TGalleryItem) => g.title)).toEqual(['Twin room', 'Buriganga boats', 'Rooftop grill', 'Deluxe king']);
    const rooms = await ctx.app.inject({ method: 'GET', url: '/api/gallery?category=room' });
    expect(rooms.json().data.map((g: TGalleryItem) => g.title)).toEqual(['Twin room', 'Deluxe king']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/gallery?category=spa' })).statusCode).toBe(400);
  });
});

describe('DELETE /api/gallery/:id', () => {
  it('removes a picture for an admin; 404 with a clear message when it is gone', async () => {
    const item = await added('Lobby', 'hotel');
    const url = `/api/gallery/${item._id}`;
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: ctx.staff.auth })).statusCode).toBe(403);
    const res = await ctx.app.inject({ method: 'DELETE', url, headers: ctx.admin.auth });
    expect(res.json()).toEqual({ success: true, message: 'Image deleted' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/gallery' })).json().data).toEqual([]);
    const again = await ctx.app.inject({ method: 'DELETE', url, headers: ctx.admin.auth });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'GALLERY_ITEM_NOT_FOUND', message: 'This gallery image does not exist.' });
  });
});
