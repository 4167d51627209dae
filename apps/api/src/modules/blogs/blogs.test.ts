import type { TBlog, TBlogCreate } from '@residency/shared/blogs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';

const ctx = useTestApp();

function post(overrides: Partial<TBlogCreate> = {}): TBlogCreate {
  return {
    title: 'A weekend in Old Dhaka',
    description: '<h2>Start at dawn</h2><p>The river is <strong>quiet</strong> before seven.</p>',
    category: ['city', 'food'],
    images: ['/uploads/2026/old-dhaka-1280.webp'],
    ...overrides,
  };
}

const write = (body: object, headers: Record<string, string> = ctx.admin.auth) =>
  ctx.app.inject({ method: 'POST', url: '/api/blogs', payload: body, headers });

async function made(overrides: Partial<TBlogCreate> = {}): Promise<TBlog> {
  const res = await write(post(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const errorsOf = (res: { json(): { errors?: { path: string; message: string }[] } }) =>
  Object.fromEntries((res.json().errors ?? []).map((e) => [e.path, e.message]));

describe('POST /api/blogs', () => {
  it('stores a post written by an admin and reads it back by id, for anyone', async () => {
    const res = await write(post({ locale: 'bn' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Blog created');
    const created = res.json().data as TBlog;
    expect(created).toMatchObject({ title: 'A weekend in Old Dhaka', category: ['city', 'food'], locale: 'bn' });
    const read = await ctx.app.inject({ method: 'GET', url: `/api/blogs/${created._id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(created);
  });

  it('refuses users and staff with 403, and anonymous callers with 401; nothing is stored', async () => {
    expect((await write(post(), ctx.guest.auth)).statusCode).toBe(403);
    expect((await write(post(), ctx.staff.auth)).statusCode).toBe(403);
    expect((await write(post(), {})).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/blogs' })).json().meta.total).toBe(0);
  });

  it("answers the spec's messages for a missing title, description, tags and images", async () => {
    const res = await write({ title: '  ', description: '', category: [], images: [] });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({
      title: 'Please input the title!',
      description: 'Please provide post description',
      category: 'Please add at least one tag.',
      images: 'Please add at least one image.',
    });
    const missing = await write({});
    expect(errorsOf(missing)).toMatchObject({ title: 'Please input the title!', description: 'Please provide post description' });
  });

  it('splits tags on commas, trims them and drops repeats and empty ones', async () => {
    const created = await made({ category: [' city ,food', 'Dhaka ', 'food', ' , '] });
    expect(created.category).toEqual(['city', 'food', 'Dhaka']);
  });

  it('refuses a description that is nothing once sanitised (an empty paragraph, a lone script)', async () => {
    for (const description of ['<p></p>', '<script>alert(1)</script>', '<p>   </p><style>p{}</style>']) {
      const res = await write(post({ description }));
      expect(res.statusCode, description).toBe(400);
      expect(errorsOf(res)).toEqual({ description: 'Please provide post description' });
    }
  });
});

describe('sanitising descriptions', () => {
  it('stores a description without the script, the event handler and the javascript: link, keeping the safe text', async () => {
    const created = await made({
      description: [
        '<p>Before <img src=x onerror=alert(1)> after.</p>',
        '<script>alert(1)</script>',
        '<p><a href="javascript:alert(1)">x</a> and <a href="https://example.com/menu" onclick="steal()">the menu</a></p>',
        '<p style="color:red" onmouseover="alert(2)">Styled <b>bold</b></p>',
      ].join(''),
    });
    const html = created.description;
    expect(html).not.toMatch(/script|onerror|onclick|onmouseover|javascript:|style=|alert/i);
    expect(html).not.toContain('<img');
    expect(html).toContain('Before  after.');
    expect(html).toContain('<a href="https://example.com/menu" rel="noopener noreferrer">the menu</a>');
    expect(html).toContain('<p>Styled <b>bold</b></p>');
    // The link that was refused keeps its words, without a link.
    expect(html).toContain('<p>x and <a');
    // The same when read back.
    const read = await ctx.app.inject({ method: 'GET', url: `/api/blogs/${created._id}` });
    expect(read.json().data.description).toBe(html);
  });

  it("keeps the editor's formatting: headings, lists, quotes, code, rules and pictures from the web or our uploads", async () => {
    const description = [
      '<h2>Where to eat</h2>',
      '<p><strong>B</strong> <em>I</em> <u>U</u> <s>S</s><br>next line</p>',
      '<ul><li>Biryani</li></ul><ol start="3"><li>Fuchka</li></ol>',
      '<blockquote><p>Best in town</p></blockquote>',
      '<pre><code class="language-text">tea</code></pre><hr>',
      '<p><img src="/uploads/ab/cd-1280.webp" alt="Tea stall"><img src="https://images.example.com/x.jpg" alt="Boat"></p>',
      '<p><a href="mailto:hello@residency.local" target="_blank">Write to us</a></p>',
    ].join('');
    const created = await made({ description });
    expect(created.description).toBe(
      description
        .replace('<br>', '<br />')
        .replace('<hr>', '<hr />')
        .replace('alt="Tea stall">', 'alt="Tea stall" />')
        .replace('alt="Boat">', 'alt="Boat" />')
        .replace('target="_blank">', 'target="_blank" rel="noopener noreferrer">'),
    );
  });

  it('drops pictures from data:, protocol-relative or outside-uploads links, and iframes with their content', async () => {
    const created = await made({
      description:
        '<p>Text</p><img src="data:image/png;base64,AAAA"><img src="//evil.example/x.png"><img src="/api/users"><img src="/uploads/../.jwt-secret"><iframe src="https://evil.example">inside</iframe>',
    });
    expect(created.description).toBe('<p>Text</p>');
  });
});

describe('GET /api/blogs', () => {
  it('pages the posts with meta, newest first by default and by title when asked', async () => {
    const titles = ['Cha at sunset', 'a river cruise', 'Biryani trail', 'Dhaka by rickshaw', 'Eid at the hotel'];
    for (const title of titles) await made({ title });
    const first = await ctx.app.inject({ method: 'GET', url: '/api/blogs?page=1&limit=2' });
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({ page: 1, limit: 2, total: 5 });
    expect(first.json().data.map((b: TBlog) => b.title)).toEqual(['Eid at the hotel', 'Dhaka by rickshaw']);
    const last = await ctx.app.inject({ method: 'GET', url: '/api/blogs?page=3&limit=2' });
    expect(last.json().data.map((b: TBlog) => b.title)).toEqual(['Cha at sunset']);
    const byTitle = await ctx.app.inject({ method: 'GET', url: '/api/blogs?sort=title&limit=10' });
    expect(byTitle.json().data.map((b: TBlog) => b.title)).toEqual([
      'a river cruise',
      'Biryani trail',
      'Cha at sunset',
      'Dhaka by rickshaw',
      'Eid at the hotel',
    ]);
  });

  it('finds posts by part of the title or a tag, whatever the case, and treats % and _ as letters', async () => {
    await made({ title: 'Rooftop dinners', category: ['dining'] });
    await made({ title: 'Weddings in the ballroom', category: ['events', 'weddings'] });
    await made({ title: '100% Dhaka', category: ['city'] });
    const titles = async (term: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/blogs?searchTerm=${encodeURIComponent(term)}` })).json().data.map((b: TBlog) => b.title);
    expect(await titles('ROOFTOP')).toEqual(['Rooftop dinners']);
    expect(await titles('wedd')).toEqual(['Weddings in the ballroom']);
    expect(await titles('DINING')).toEqual(['Rooftop dinners']);
    expect(await titles('%')).toEqual(['100% Dhaka']);
    expect(await titles('nothing like it')).toEqual([]);
  });

  it("keeps one language's posts with locale", async () => {
    await made({ title: 'In English' });
    await made({ title: 'বাংলায় লেখা', locale: 'bn' });
    const bn = await ctx.app.inject({ method: 'GET', url: '/api/blogs?locale=bn' });
    expect(bn.json().data.map((b: TBlog) => b.title)).toEqual(['বাংলায় লেখা']);
    expect(bn.json().meta.total).toBe(1);
  });

  it('answers 400 for a limit over 100 or an unknown sort', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/blogs?limit=101' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/blogs?sort=random' })).statusCode).toBe(400);
  });
});

describe('GET /api/blogs/:id', () => {
  it('answers 404 with a clear message for an unknown post, and 400 for an id that is not one', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/blogs/3f1c1a56-9a0e-4e55-9a59-1b6f1c2a0c11' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'BLOG_NOT_FOUND', message: 'This blog post does not exist.' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/blogs/not-an-id' })).statusCode).toBe(400);
  });
});

describe('PUT /api/blogs/:id', () => {
  it('changes title and description (sanitised), and replaces tags and images only when sent', async () => {
    const created = await made();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/blogs/${created._id}`,
      headers: ctx.admin.auth,
      payload: { title: 'Old Dhaka, again', description: '<p onclick="x()">New text</p><script>x()</script>' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Blog updated');
    expect(res.json().data).toMatchObject({
      title: 'Old Dhaka, again',
      description: '<p>New text</p>',
      category: created.category,
      images: created.images,
    });
    const tagged = await ctx.app.inject({
      method: 'PUT',
      url: `/api/blogs/${created._id}`,
      headers: ctx.admin.auth,
      payload: { title: 'Old Dhaka, again', description: '<p>New text</p>', category: ['river, boats'], images: ['https://cdn.example.com/a.webp'] },
    });
    expect(tagged.json().data).toMatchObject({ category: ['river', 'boats'], images: ['https://cdn.example.com/a.webp'] });
  });

  it('needs title and description; refuses staff; 404 for an unknown post', async () => {
    const created = await made();
    const empty = await ctx.app.inject({ method: 'PUT', url: `/api/blogs/${created._id}`, headers: ctx.admin.auth, payload: { title: '', description: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty)).toEqual({ title: 'Please input the title!', description: 'Please provide post description' });
    const asStaff = await ctx.app.inject({ method: 'PUT', url: `/api/blogs/${created._id}`, headers: ctx.staff.auth, payload: { title: 'x', description: 'y' } });
    expect(asStaff.statusCode).toBe(403);
    const unknown = await ctx.app.inject({
      method: 'PUT',
      url: '/api/blogs/3f1c1a56-9a0e-4e55-9a59-1b6f1c2a0c11',
      headers: ctx.admin.auth,
      payload: { title: 'x', description: 'y' },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/blogs/${created._id}` })).json().data.title).toBe(created.title);
  });
});

describe('DELETE /api/blogs/:id', () => {
  it('deletes a post for an admin only; the second delete is a 404', async () => {
    const created = await made();
    const url = `/api/blogs/${created._id}`;
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: ctx.guest.auth })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    const res = await ctx.app.inject({ method: 'DELETE', url, headers: ctx.admin.auth });
    expect(res.json()).toEqual({ success: true, message: 'Blog deleted' });
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: ctx.admin.auth })).statusCode).toBe(404);
  });
});
