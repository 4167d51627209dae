import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, seriousViolations, test, useLanguage } from './fixtures';

/**
 * The public side of the hotel's own content, as a visitor meets it: booking a room type from
 * its pop-up on /accommodation (the search lives in the address of /view-rates and survives a
 * reload), the hero slides of the reader's language on the home page, the gallery's tabs and
 * full-size viewer with the keyboard, and a blog post. Each at 1280 px and at 375 px; axe finds
 * no serious or critical issue on /, /gallery, /blog and /blog/{id}.
 */

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: DEMO.admin });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.token as string;
}

/** A picture already uploaded by the demo data (any slide or post may use it). */
async function demoPicture(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/gallery');
  const items = (await res.json()).data as { url: string }[];
  expect(items.length).toBeGreaterThan(0);
  return items[0]!.url;
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `the page scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

const isoIn = (days: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

for (const size of SIZES) {
  test.describe(`${size.name} (${size.width} px)`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('Book in a room pop-up opens /view-rates with that room type, and a reload keeps it', async ({ page }) => {
      await page.goto('/accommodation');
      const card = page.getByTestId('room-card').filter({ has: page.getByRole('heading', { name: 'Deluxe King', exact: true }) });
      await card.getByTestId('view-details').click();
      const dialog = page.getByRole('dialog', { name: 'Accommodation' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('link', { name: 'Book Deluxe King' }).click();

      await expect(page).toHaveURL(/\/view-rates\?category=Deluxe%20King$/);
      const chips = page.getByTestId('category-chips');
      const chosen = chips.getByRole('button', { name: 'Deluxe King', exact: true });
      await expect(chosen).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('rate-card').first()).toBeVisible();
      for (const rate of await page.getByTestId('rate-card').all()) await expect(rate).toHaveAttribute('data-category', 'Deluxe King');

      await page.reload();
      await expect(page).toHaveURL(/\/view-rates\?category=Deluxe%20King$/);
      await expect(chosen).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
    });

    test('Book on a room card carries the dates and guests already chosen, and a shared link opens the same search', async ({ page, browser }) => {
      const checkIn = isoIn(20);
      const checkOut = isoIn(23);
      // A search made on the rates page (here: arriving by its address), then a look at the rooms.
      await page.goto(`/view-rates?checkIn=${checkIn}&checkOut=${checkOut}&adults=2&children=0`);
      await expect(page.getByTestId('stay-summary')).toContainText('3 nights');
      await expect(page.getByTestId('stay-summary')).toContainText('2 Adults');
      if (size.width < 1280) {
        await page.getByTestId('menu-button').first().click();
        await page.getByTestId('mobile-drawer').getByRole('link', { name: 'Accommodation' }).click();
      } else {
        await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Accommodation' }).click();
      }
      const card = page.getByTestId('room-card').filter({ has: page.getByRole('heading', { name: 'Twin Garden', exact: true }) });
      await card.getByRole('link', { name: 'Book Twin Garden' }).click();
      const address = `/view-rates?checkIn=${checkIn}&checkOut=${checkOut}&adults=2&children=0&category=Twin%20Garden`;
      await expect(page).toHaveURL(new RegExp(`${address.replace(/[?]/g, '\\$&')}$`));
      await expect(page.getByTestId('category-chips').getByRole('button', { name: 'Twin Garden', exact: true })).toHaveAttribute('aria-pressed', 'true');

      // The same address in another browser (a shared link or a bookmark): the same search.
      const other = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      const shared = await other.newPage();
      await shared.addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
      await shared.goto(address);
      await expect(shared.getByTestId('stay-summary')).toContainText('3 nights');
      await expect(shared.getByTestId('stay-summary')).toContainText('2 Adults');
      await expect(shared.getByTestId('category-chips').getByRole('button', { name: 'Twin Garden', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await other.close();

      // Nonsense in the address: the defaults, no error.
      await page.goto('/view-rates?checkIn=2026-02-30&checkOut=soon&adults=9&category=%3Cscript%3E');
      await expect(page).toHaveURL(/\/view-rates$/);
      await expect(page.getByTestId('stay-summary')).toContainText('1 night');
      await expect(page.getByTestId('category-chips').getByRole('button', { name: 'All rooms' })).toHaveAttribute('aria-pressed', 'true');
    });

    test('the home page shows a Bengali hero slide in Bengali only', async ({ page, request }) => {
      const token = await adminToken(request);
      const headers = { authorization: `Bearer ${token}` };
      const title = `বর্ষার বিশেষ অফার ${unique()}`;
      const created = await request.post('/api/hero-slides', {
        headers,
        data: {
          title,
          subtitle: 'শুধু এই মাসে',
          description: 'দুই রাত থাকুন, তৃতীয় রাত আমাদের পক্ষ থেকে।',
          imageUrl: await demoPicture(request),
          ctaPrimary: { label: 'রুম দেখুন', href: '/accommodation' },
          order: 0,
          locale: 'bn',
        },
      });
      expect(created.status()).toBe(201);
      const slide = (await created.json()).data as { _id: string };
      try {
        await page.goto('/');
        await useLanguage(page, 'bn');
        const hero = page.getByTestId('hero');
        // Order 0: the first slide, shown first, whose picture is fetched first and at once.
        const first = hero.getByTestId('hero-slide').first();
        await expect(first).toContainText(title);
        await expect(first.getByRole('link', { name: 'রুম দেখুন', includeHidden: true })).toHaveAttribute('href', '/accommodation');
        await expect(first.locator('img')).toHaveAttribute('fetchpriority', 'high');
        await hero.getByTestId('hero-pause').click();
        await expect(hero.getByTestId('hero-counter')).toHaveText(/^স্লাইড ১ \/ [০-৯]+$/);
        await expect(first).toHaveAttribute('data-active', 'true');
        await expect(first.getByRole('heading', { name: title })).toBeVisible();

        await useLanguage(page, 'en');
        await expect(hero.getByTestId('hero-slide').first()).toBeAttached();
        await expect(hero.getByText(title)).toHaveCount(0);
      } finally {
        await request.delete(`/api/hero-slides/${slide._id}`, { headers });
      }
    });

    test('the hero carousel: next and previous, pause, and the counter', async ({ page }) => {
      await page.goto('/');
      const hero = page.getByTestId('hero');
      const counter = hero.getByTestId('hero-counter');
      await expect(counter).toHaveText(/^Slide \d+ \/ \d+$/);
      await hero.getByRole('button', { name: 'Pause the slides' }).click();
      await expect(hero.getByRole('button', { name: 'Play the slides' })).toBeVisible();
      // (The slides may have turned once before the pause.)
      const [at, total] = (await counter.textContent())!.replace('Slide', '').split('/').map(Number) as [number, number];
      expect(total).toBeGreaterThan(1);
      await hero.getByRole('button', { name: 'Next slide' }).click();
      await expect(counter).toHaveText(`Slide ${(at % total) + 1} / ${total}`);
      await hero.getByRole('button', { name: 'Previous slide' }).click();
      await expect(counter).toHaveText(`Slide ${at} / ${total}`);
      // Paused, it stays (the slides turn every 7 s otherwise).
      await page.waitForTimeout(7_500);
      await expect(counter).toHaveText(`Slide ${at} / ${total}`);
      for (let i = 0; i < at; i++) await hero.getByRole('button', { name: 'Previous slide' }).click();
      await expect(counter).toHaveText(`Slide ${total} / ${total}`);
      // Only the slide shown can be reached: the others are inert.
      await expect(hero.locator('[data-testid=hero-slide][data-active=true]')).toHaveCount(1);
      await expect(hero.locator('[data-testid=hero-slide][data-active=false]').first()).toHaveAttribute('aria-hidden', 'true');
    });

    test('the gallery: tabs by category, and the full-size viewer with the keyboard and by swiping', async ({ page, request }) => {
      const all = (await (await request.get('/api/gallery')).json()).data as { _id: string; title: string; category: string }[];
      const dining = all.filter((item) => item.category === 'dining');
      const nearby = all.filter((item) => item.category === 'others');
      expect(dining.length).toBeGreaterThan(1);

      await page.goto('/gallery');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const tabs = page.getByRole('tablist', { name: 'Photo categories' });
      for (const name of ['Room', 'Hotel', 'Dining', 'Event', 'Nearby']) await expect(tabs.getByRole('tab', { name: new RegExp(`^${name}`) })).toBeVisible();
      await tabs.getByRole('tab', { name: /^Nearby/ }).click();
      await expect(tabs.getByRole('tab', { name: /^Nearby/ })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('gallery-photo')).toHaveCount(nearby.length);
      await expect(page).toHaveURL(/\/gallery\?category=others$/);

      // The keyboard: arrows move between the tabs (Nearby → round to Room → Hotel → Dining).
      await tabs.getByRole('tab', { name: /^Nearby/ }).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      const diningTab = tabs.getByRole('tab', { name: /^Dining/ });
      await expect(diningTab).toBeFocused();
      await expect(diningTab).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByTestId('gallery-photo')).toHaveCount(dining.length);
      // Every photo is named by its title (its alt text).
      for (const item of dining) await expect(panel.getByRole('button', { name: item.title, exact: true })).toBeVisible();

      // Tab to the first photo, Enter opens it full size.
      await page.keyboard.press('Tab');
      const first = panel.getByTestId('gallery-photo').first();
      await expect(first).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: dining[0]!.title })).toBeVisible();
      const viewer = page.getByTestId('gallery-viewer');
      await expect(viewer.getByTestId('gallery-viewer-counter')).toHaveText(`Photo 1 / ${dining.length}`);
      await expect(viewer.getByTestId('gallery-viewer-image')).toHaveAttribute('alt', dining[0]!.title);
      await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(viewer.getByTestId('gallery-viewer-counter')).toHaveText(`Photo 2 / ${dining.length}`);
      await expect(viewer.getByTestId('gallery-viewer-image')).toHaveAttribute('alt', dining[1]!.title);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect(viewer.getByTestId('gallery-viewer-counter')).toHaveText(`Photo ${dining.length} / ${dining.length}`);
      // A swipe of a finger (pointer events of a touch screen): right to left shows the next photo,
      // left to right the one before; a tap that barely moves changes nothing.
      const image = viewer.getByTestId('gallery-viewer-image');
      const swipe = async (fromX: number, toX: number) => {
        await image.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true, clientX: fromX, clientY: 300 });
        await image.dispatchEvent('pointerup', { pointerType: 'touch', isPrimary: true, clientX: toX, clientY: 300 });
      };
      await swipe(300, 100);
      await expect(viewer.getByTestId('gallery-viewer-counter')).toHaveText(`Photo 1 / ${dining.length}`);
      await swipe(200, 205);
      await expect(viewer.getByTestId('gallery-viewer-counter')).toHaveText(`Photo 1 / ${dining.length}`);
      await swipe(100, 300);
      await expect(viewer.getByTestId('gallery-viewer-counter')).toHaveText(`Photo ${dining.length} / ${dining.length}`);
      // Tab stays inside the viewer.
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('Tab');
        expect(await viewer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(first).toBeFocused();
      await expectNoSidewaysScroll(page);
    });

    test('a visitor reads a blog post: title, picture, tags and its text (never its scripts)', async ({ page, request }) => {
      const token = await adminToken(request);
      const headers = { authorization: `Bearer ${token}` };
      const title = `Tea stalls of Gulshan ${unique()}`;
      const tag = `tea-${unique()}`;
      const created = await request.post('/api/blogs', {
        headers,
        data: {
          title,
          description:
            '<h2>Where to start</h2><p>Begin at the lake <strong>before eight</strong>.</p><img src=x onerror="window.__hacked=1"><script>window.__hacked=2</script><p><a href="javascript:window.__hacked=3">a trick</a></p>',
          category: [tag, 'Dhaka'],
          images: [await demoPicture(request)],
          locale: 'en',
        },
      });
      expect(created.status()).toBe(201);
      const post = (await created.json()).data as { _id: string };
      try {
        await page.goto('/blog');
        const card = page.getByTestId('blog-card').filter({ hasText: title });
        await expect(card).toBeVisible();
        await card.getByRole('link', { name: title }).click();
        await expect(page).toHaveURL(new RegExp(`/blog/${post._id}$`));
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByTestId('blog-post-image')).toBeVisible();
        await expect.poll(() => page.getByTestId('blog-post-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        await expect(page.getByRole('heading', { level: 2, name: 'Where to start' })).toBeVisible();
        await expect(page.getByText('before eight')).toBeVisible();
        await expect(page.getByText('a trick')).toBeVisible();
        await expect(page.getByRole('link', { name: 'a trick' })).toHaveCount(0);
        expect(await page.evaluate(() => (window as unknown as { __hacked?: number }).__hacked)).toBeUndefined();
        await expect(page).toHaveTitle(new RegExp(title));

        // A tag opens the stories that carry it.
        const tags = page.getByTestId('blog-post-tags');
        await tags.getByRole('link', { name: `Stories tagged ${tag}` }).click();
        await expect(page).toHaveURL(new RegExp(`/blog\\?tag=${tag}$`));
        await expect(page.getByTestId('blog-card')).toHaveCount(1);
        await expect(page.getByTestId('blog-card')).toContainText(title);
        await expectNoSidewaysScroll(page);
      } finally {
        await request.delete(`/api/blogs/${post._id}`, { headers });
      }
    });
  });
}

test('with reduced motion the hero slides never turn by themselves, and offer no pause', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const hero = page.getByTestId('hero');
  await expect(hero.getByTestId('hero-counter')).toHaveText(/^Slide 1 \/ \d+$/);
  await expect(hero.getByTestId('hero-next')).toBeVisible();
  await expect(hero.getByTestId('hero-pause')).toHaveCount(0);
  await page.waitForTimeout(7_500);
  await expect(hero.getByTestId('hero-counter')).toHaveText(/^Slide 1 \/ \d+$/);
});

test('a blog address that leads to no post is the 404 page', async ({ page }) => {
  await page.goto('/blog/00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('error-page')).toContainText('We could not find that page');
  await page.goto('/blog/not-a-post');
  await expect(page.getByTestId('error-page')).toContainText('404');
  // Inside the site's layout: the menu is still there.
  await expect(page.getByTestId('site-header')).toBeVisible();
});

test('the home page links to its lists: rooms book with their type, the gallery opens a photo, stories open a post', async ({ page }) => {
  await page.goto('/');
  const room = page.getByTestId('home-room').first();
  await expect(room).toBeVisible();
  const name = await room.getAttribute('data-category');
  await expect(room.getByTestId('home-room-price')).toContainText('৳');
  await room.getByTestId('home-room-book').click();
  await expect(page).toHaveURL(new RegExp(`/view-rates\\?category=${encodeURIComponent(name!)}$`));
  await expect(page.getByTestId('category-chips').getByRole('button', { name: name!, exact: true })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/');
  const photo = page.getByTestId('home-gallery-photo').first();
  await photo.scrollIntoViewIfNeeded();
  const alt = await photo.locator('img').getAttribute('alt');
  await photo.click();
  await expect(page.getByRole('dialog', { name: alt! })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/gallery\?category=\w+$/);

  await page.goto('/');
  const stories = page.getByTestId('home-stories');
  await stories.scrollIntoViewIfNeeded();
  await expect(stories.getByTestId('blog-card')).toHaveCount(3);
  const first = stories.getByTestId('blog-card-link').first();
  const title = await first.textContent();
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: title! })).toBeVisible();
  await page.goto('/');
  await page.getByRole('link', { name: 'All stories' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

for (const lng of ['en', 'bn'] as const) {
  test(`axe finds no serious or critical issue on /, /gallery, /blog and a post (${lng})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const posts = (await (await request.get(`/api/blogs?locale=${lng}&limit=1`)).json()).data as { _id: string }[];
    expect(posts.length).toBe(1);
    await page.goto('/');
    await useLanguage(page, lng);
    for (const path of ['/', '/gallery', '/blog', `/blog/${posts[0]!._id}`]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
      if (path === '/') {
        // The lists below the first screen, drawn: scrolled through once.
        await page.getByTestId('home-stories').scrollIntoViewIfNeeded();
        await expect(page.getByTestId('home-stories').getByTestId('blog-card').first()).toBeVisible();
      }
      expect(await seriousViolations(page), `axe on ${path} (${lng})`).toEqual([]);
    }
    // The viewer open, too.
    await page.goto('/gallery');
    await page.getByTestId('gallery-photo').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page), `axe on the gallery viewer (${lng})`).toEqual([]);
  });
}
