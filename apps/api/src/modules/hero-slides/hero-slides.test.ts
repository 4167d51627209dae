import type { THeroSlide, THeroSlideCreate } from '@residency/shared/hero-slides';
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, useTestApp } from '../../test/app.ts';

const ctx = useTestApp();

const create = (body: object, headers: Record<string, string> = ctx.admin.auth) =>
  ctx.app.inject({ method: 'POST', url: '/api/hero-slides', payload: body, headers });

async function made(body: Partial<THeroSlideCreate> & { title: string }): Promise<THeroSlide> {
  const res = await create({ imageUrl: '/uploads/h/slide-1280.webp', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const titles = async (url: string, headers: Record<string, string> = {}) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((s: THeroSlide) => s.title);
};

describe('POST /api/hero-slides', () => {
  it("fills the spec's defaults: order 0, active, locale en, no call to action", async () => {
    const res = await create({ title: 'Welcome', imageUrl: '/uploads/h/a-1280.webp' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Hero slide created');
    expect(res.json().data).toMatchObject({
      title: 'Welcome',
      subtitle: '',
      description: '',
      order: 0,
      active: true,
      locale: 'en',
      ctaPrimary: null,
      ctaSecondary: null,
    });
  });

  it("keeps a call to action only with a label or a link, a link defaulting to '#', and coerces order to a number", async () => {
    const slide = await made({
      title: 'Stay',
      order: '3' as unknown as number,
      ctaPrimary: { label: ' Book your stay ', href: '' },
      ctaSecondary: { label: '', href: '' },
    });
    expect(slide.order).toBe(3);
    expect(slide.ctaPrimary).toEqual({ label: 'Book your stay', href: '#' });
    expect(slide.ctaSecondary).toBeNull();
    const linkOnly = await made({ title: 'Events', ctaPrimary: { label: '', href: '/events' }, ctaSecondary: {} as never });
    expect(linkOnly.ctaPrimary).toEqual({ label: '', href: '/events' });
    expect(linkOnly.ctaSecondary).toBeNull();
  });

  it('refuses a call to action that would run script (javascript:) or lead nowhere sensible', async () => {
    // `//host` and `/\\host` start with a slash, yet a browser takes them to another site.
    for (const href of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', 'events', '//evil.example.com', '/\\evil.example.com', '/\t/evil.example.com']) {
      const res = await create({ title: 'Trap', imageUrl: '/uploads/h/slide-1280.webp', ctaPrimary: { label: 'Click', href } });
      expect(res.statusCode, href).toBe(400);
      expect(res.json().errors[0].message).toBe('A link is a page of this site (one /), #, http://, https://, mailto: or tel:.');
    }
    for (const imageUrl of ['//evil.example.com/x.png', '/\\evil.example.com/x.png']) {
      const res = await create({ title: 'Trap', imageUrl });
      expect(res.statusCode, imageUrl).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path: 'imageUrl' });
    }
    expect(await titles('/api/hero-slides')).not.toContain('Trap');
  });

  it('takes an order that is a number or a string of one, and refuses [], " " and [[5]] instead of reading them as 0, 0 and 5', async () => {
    for (const order of [[], ' ', [[5]], '5x', true]) {
      const res = await create({ title: 'Order', imageUrl: '/uploads/h/slide-1280.webp', order: order as unknown as number });
      expect(res.statusCode, JSON.stringify(order)).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path: 'order' });
    }
    expect(await titles('/api/hero-slides')).not.toContain('Order');
    expect((await made({ title: 'Seventh', order: ' 7 ' as unknown as number })).order).toBe(7);
  });

  it('requires a title and an image; refuses users and staff (403) and anonymous callers (401)', async () => {
    const res = await create({ title: ' ', imageUrl: '' });
    expect(res.statusCode).toBe(400);
    const errors = Object.fromEntries(res.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(errors).toEqual({ title: 'Title is required.', imageUrl: 'Image is required.' });
    expect((await create({ title: 'x', imageUrl: '/uploads/a.webp', locale: 'fr' })).statusCode).toBe(400);
    expect((await create({ title: 'x', imageUrl: '/uploads/a.webp' }, ctx.guest.auth)).statusCode).toBe(403);
    expect((await create({ title: 'x', imageUrl: '/uploads/a.webp' }, ctx.staff.auth)).statusCode).toBe(403);
    expect((await create({ title: 'x', imageUrl: '/uploads/a.webp' }, {})).statusCode).toBe(401);
    expect(await titles('/api/hero-slides')).toEqual([]);
  });
});

describe('GET /api/hero-slides', () => {
  beforeEach(async () => {
    await made({ title: 'Second', order: 2 });
    await made({ title: 'First', order: 1 });
    await made({ title: 'Hidden', order: 0, active: false });
    await made({ title: 'Also second', order: 2 });
    await made({ title: 'প্রথম', order: 1, locale: 'bn' });
    await made({ title: 'লুকানো', order: 0, locale: 'bn', active: false });
  });

  it('gives anyone the active slides by order, then oldest first', async () => {
    expect(await titles('/api/hero-slides')).toEqual(['First', 'প্রথম', 'Second', 'Also second']);
  });

  it("keeps one language's slides with locale", async () => {
    expect(await titles('/api/hero-slides?locale=bn')).toEqual(['প্রথম']);
    expect(await titles('/api/hero-slides?locale=en')).toEqual(['First', 'Second', 'Also second']);
  });

  it('includes the inactive slides for an admin who sends includeInactive=1, and only then', async () => {
    expect(await titles('/api/hero-slides?includeInactive=1&locale=en', ctx.admin.auth)).toEqual(['Hidden', 'First', 'Second', 'Also second']);
    expect(await titles('/api/hero-slides?includeInactive=true', ctx.admin.auth)).toHaveLength(6);
    expect(await titles('/api/hero-slides?includeInactive=0', ctx.admin.auth)).toHaveLength(4);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/hero-slides?includeInactive=1', headers: ctx.admin.auth });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('answers includeInactive=1 from a visitor, a guest, staff or a bad token with the active slides only, never an error', async () => {
    const active = ['First', 'প্রথম', 'Second', 'Also second'];
    expect(await titles('/api/hero-slides?includeInactive=1')).toEqual(active);
    expect(await titles('/api/hero-slides?includeInactive=1', ctx.guest.auth)).toEqual(active);
    expect(await titles('/api/hero-slides?includeInactive=1', ctx.staff.auth)).toEqual(active);
    expect(await titles('/api/hero-slides?includeInactive=1', { authorization: 'Bearer not.a.token' })).toEqual(active);
    // An expired session on the home page still shows the slides.
    expect(await titles('/api/hero-slides', { authorization: 'Bearer not.a.token' })).toEqual(active);
  });

  it('treats an admin whose role was taken away as a visitor at once', async () => {
    await ctx.app.inject({ method: 'PUT', url: `/api/users/${ctx.admin.id}`, headers: (await createUser(ctx.app, { role: 'admin' })).auth, payload: { role: 'user' } });
    expect(await titles('/api/hero-slides?includeInactive=1', ctx.admin.auth)).toHaveLength(4);
  });

  it('answers 400 for an unknown locale or includeInactive value', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/hero-slides?locale=fr' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/hero-slides?includeInactive=yes' })).statusCode).toBe(400);
  });
});

describe('PATCH /api/hero-slides/:id', () => {
  it('replaces what is sent and keeps the rest; a call to action sent empty or null is removed', async () => {
    const slide = await made({ title: 'Stay', subtitle: 'Gulshan', ctaPrimary: { label: 'Book', href: '/view-rates' }, ctaSecondary: { label: 'Call', href: 'tel:+880' } });
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/hero-slides/${slide._id}`,
      headers: ctx.admin.auth,
      payload: { active: false, order: '5', ctaPrimary: { label: '', href: '' }, ctaSecondary: null, locale: 'bn' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Hero slide updated');
    expect(res.json().data).toMatchObject({ title: 'Stay', subtitle: 'Gulshan', active: false, order: 5, locale: 'bn', ctaPrimary: null, ctaSecondary: null });
    const empty = await ctx.app.inject({ method: 'PATCH', url: `/api/hero-slides/${slide._id}`, headers: ctx.admin.auth, payload: {} });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.title).toBe('Stay');
  });

  it('refuses an empty title, unknown fields, staff, and an unknown slide (404)', async () => {
    const slide = await made({ title: 'Stay' });
    const url = `/api/hero-slides/${slide._id}`;
    expect((await ctx.app.inject({ method: 'PATCH', url, headers: ctx.admin.auth, payload: { title: '' } })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'PATCH', url, headers: ctx.admin.auth, payload: { colour: 'red' } })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'PATCH', url, headers: ctx.staff.auth, payload: { title: 'x' } })).statusCode).toBe(403);
    const unknown = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/hero-slides/3f1c1a56-9a0e-4e55-9a59-1b6f1c2a0c11',
      headers: ctx.admin.auth,
      payload: { title: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'HERO_SLIDE_NOT_FOUND', message: 'This hero slide does not exist.' });
    expect(await titles('/api/hero-slides')).toEqual(['Stay']);
  });
});

describe('DELETE /api/hero-slides/:id', () => {
  it('deletes a slide for an admin only; a second delete is a 404', async () => {
    const slide = await made({ title: 'Stay' });
    const url = `/api/hero-slides/${slide._id}`;
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: ctx.guest.auth })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: ctx.admin.auth })).json()).toEqual({ success: true, message: 'Hero slide deleted' });
    expect(await titles('/api/hero-slides')).toEqual([]);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: ctx.admin.auth })).statusCode).toBe(404);
  });
});
