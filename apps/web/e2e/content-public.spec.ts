import type { APIRequestContext, Page } from '@playwright/test';
import { expect, seriousViolations, settled, sidewaysOverflow, test, uniqueName, useLanguage } from './fixtures';

/**
 * The public side of the hotel's own content, as a visitor meets it: booking a room type from
 * its pop-up or its card on /accommodation (the search lives in the address of /view-rates and
 * survives a reload and a shared link), the hero carousel (its clock faked: the slides turn every
 * 7 s) and the Bengali slides of a Bengali reader, the gallery's tabs and full-size viewer with the
 * keyboard, a blog post, and the home page's links to its lists. In English at 1280 px: every
 * route's first screen at 375 px and in Bengali, and axe on it, are every-route.spec's; axe runs
 * here on what that walk cannot reach (the home page's lists drawn, the gallery viewer open).
 */

/** A picture already uploaded by the demo data (any slide or post may use it). */
async function demoPicture(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/gallery');
  const items = (await res.json()).data as { url: string }[];
  expect(items.length).toBeGreaterThan(0);
  return items[0]!.url;
}

const isoIn = (days: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The home page's lists below the first screen, drawn (they come after the first paint). */
async function homeListsDrawn(page: Page) {
  const stories = page.getByTestId('home-stories');
  await stories.scrollIntoViewIfNeeded();
  await expect(stories.getByTestId('blog-card').first()).toBeVisible();
  await settled(page);
}

test('a room type booked from its pop-up or its card opens /view-rates with it and the stay chosen; the address keeps the search through a reload and in another browser', async ({
  page,
  browser,
  baseURL,
}) => {
  // From the pop-up of a room type.
  await page.goto('/accommodation');
  const deluxe = page.getByTestId('room-card').filter({ has: page.getByRole('heading', { name: 'Deluxe King', exact: true }) });
  await deluxe.getByTestId('view-details').click();
  const dialog = page.getByRole('dialog', { name: 'Accommodation' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('link', { name: 'Book Deluxe King' }).click();

  await expect(page).toHaveURL(/\/view-rates\?category=Deluxe%20King$/);
  const chosen = page.getByTestId('category-chips').getByRole('button', { name: 'Deluxe King', exact: true });
  await expect(chosen).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('rate-card').first()).toBeVisible();
  for (const rate of await page.getByTestId('rate-card').all()) await expect(rate).toHaveAttribute('data-category', 'Deluxe King');

  await page.reload();
  await expect(page).toHaveURL(/\/view-rates\?category=Deluxe%20King$/);
  await expect(chosen).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // From a room card, after a search made on the rates page (here: arriving by its address).
  const checkIn = isoIn(20);
  const checkOut = isoIn(23);
  await page.goto(`/view-rates?checkIn=${checkIn}&checkOut=${checkOut}&adults=2&children=0`);
  await expect(page.getByTestId('stay-summary')).toContainText('3 nights');
  await expect(page.getByTestId('stay-summary')).toContainText('2 Adults');
  // (The header's menu; once the page has scrolled, the sticky bar's is its twin.)
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Accommodation' }).first().click();
  const twin = page.getByTestId('room-card').filter({ has: page.getByRole('heading', { name: 'Twin Garden', exact: true }) });
  await twin.getByRole('link', { name: 'Book Twin Garden' }).click();
  const address = `/view-rates?checkIn=${checkIn}&checkOut=${checkOut}&adults=2&children=0&category=Twin%20Garden`;
  await expect(page).toHaveURL(new RegExp(`${address.replace(/[?]/g, '\\$&')}$`));
  await expect(page.getByTestId('category-chips').getByRole('button', { name: 'Twin Garden', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // The same address in another browser, a phone's (a shared link or a bookmark): the same search.
  const other = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  try {
    const shared = await other.newPage();
    await shared.addInitScript(() => localStorage.setItem('cookieConsent', 'true'));
    await shared.goto(address);
    await expect(shared.getByTestId('stay-summary')).toContainText('3 nights');
    await expect(shared.getByTestId('stay-summary')).toContainText('2 Adults');
    await expect(shared.getByTestId('category-chips').getByRole('button', { name: 'Twin Garden', exact: true })).toHaveAttribute('aria-pressed', 'true');
    expect(await sidewaysOverflow(shared), 'sideways scroll at 375 px').toBeLessThanOrEqual(0);
  } finally {
    await other.close();
  }
  // (Nonsense in the address falls back to the defaults: view-rates-page.test.tsx.)
});

test('the hero carousel turns every 7 s until paused; next, previous and the counter; only the slide shown can be reached; with reduced motion it never turns and offers no pause', async ({
  page,
}) => {
  // The page's timers run on a clock of the test's: 7 s pass in no time.
  await page.clock.install();
  await page.goto('/');
  const hero = page.getByTestId('hero');
  const counter = hero.getByTestId('hero-counter');
  await expect(counter).toHaveText(/^Slide \d+ \/ \d+$/);
  // From here on the page's time moves only when the test moves it.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  // Neither the pointer nor the keyboard is in the hero (either holds the slides).
  await page.mouse.move(0, 0);
  const [at, total] = (await counter.textContent())!.replace('Slide', '').split('/').map(Number) as [number, number];
  expect(total).toBeGreaterThan(1);
  const slide = (n: number) => `Slide ${((((n - 1) % total) + total) % total) + 1} / ${total}`;
  const leaveHero = async () => {
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  };

  // Turning by itself: one slide on every 7 s.
  await page.clock.runFor(7_000);
  await expect(counter).toHaveText(slide(at + 1));

  // Paused, it stays (even with the pointer and the keyboard gone from the hero).
  await hero.getByRole('button', { name: 'Pause the slides' }).click();
  await expect(hero.getByRole('button', { name: 'Play the slides' })).toBeVisible();
  await leaveHero();
  await page.clock.runFor(15_000);
  await expect(counter).toHaveText(slide(at + 1));

  // Next and previous, round the ends.
  await hero.getByRole('button', { name: 'Next slide' }).click();
  await expect(counter).toHaveText(slide(at + 2));
  await hero.getByRole('button', { name: 'Previous slide' }).click();
  await expect(counter).toHaveText(slide(at + 1));
  const shown = (at % total) + 1;
  for (let i = 0; i < shown; i++) await hero.getByRole('button', { name: 'Previous slide' }).click();
  await expect(counter).toHaveText(`Slide ${total} / ${total}`);
  // Only the slide shown can be reached: the others are inert.
  await expect(hero.locator('[data-testid=hero-slide][data-active=true]')).toHaveCount(1);
  await expect(hero.locator('[data-testid=hero-slide][data-active=false]').first()).toHaveAttribute('aria-hidden', 'true');

  // Played again, it turns again.
  await hero.getByRole('button', { name: 'Play the slides' }).click();
  await leaveHero();
  await page.clock.runFor(7_000);
  await expect(counter).toHaveText(`Slide 1 / ${total}`);

  // A reader who asks for reduced motion: no pause button, and the slides never turn by themselves.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect(hero.getByTestId('hero-pause')).toHaveCount(0);
  await expect(hero.getByTestId('hero-next')).toBeVisible();
  await page.clock.runFor(15_000);
  await expect(counter).toHaveText(`Slide 1 / ${total}`);
});

test('a Bengali reader: a Bengali hero slide comes first and shows in Bengali only; the home page with its lists drawn and the gallery viewer open pass axe', async ({
  page,
  request,
  api,
}) => {
  test.setTimeout(90_000);
  const headers = await api.headers('admin');
  const title = `বর্ষার বিশেষ অফার ${uniqueName('slide')}`;
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
    // Reduced motion: the slides hold still, so the first one stays the one shown.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // In English: not among the slides.
    await page.goto('/');
    const hero = page.getByTestId('hero');
    await expect(hero.getByTestId('hero-slide').first()).toBeAttached();
    await expect(hero.getByText(title)).toHaveCount(0);

    await useLanguage(page, 'bn');
    // Order 0: the first slide, shown first, whose picture is fetched first and at once.
    const first = hero.getByTestId('hero-slide').first();
    await expect(first).toContainText(title);
    await expect(first.getByRole('link', { name: 'রুম দেখুন', includeHidden: true })).toHaveAttribute('href', '/accommodation');
    await expect(first.locator('img')).toHaveAttribute('fetchpriority', 'high');
    await expect(hero.getByTestId('hero-counter')).toHaveText(/^স্লাইড ১ \/ [০-৯]+$/);
    await expect(first).toHaveAttribute('data-active', 'true');
    await expect(first.getByRole('heading', { name: title })).toBeVisible();

    await homeListsDrawn(page);
    expect(await seriousViolations(page), 'axe on / with its lists (bn)').toEqual([]);

    await page.goto('/gallery');
    await page.getByTestId('gallery-photo').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page), 'axe on the gallery viewer (bn)').toEqual([]);
  } finally {
    await request.delete(`/api/hero-slides/${slide._id}`, { headers });
  }
});

test('the gallery: tabs by category, and the full-size viewer with the keyboard and by swiping (axe with it open)', async ({ page, request }) => {
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
  expect(await seriousViolations(page), 'axe on the gallery viewer (en)').toEqual([]);
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
});

test('a visitor reads a blog post: title, picture, tags and its text (never its scripts); an address of no post is the 404 page', async ({ page, request, api }) => {
  const headers = await api.headers('admin');
  const title = `Tea stalls of Gulshan ${uniqueName('post')}`;
  const tag = uniqueName('tea');
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
  } finally {
    await request.delete(`/api/blogs/${post._id}`, { headers });
  }

  // An address that leads to no post: the 404 page, inside the site's layout.
  await page.goto('/blog/00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('error-page')).toContainText('We could not find that page');
  await page.goto('/blog/not-a-post');
  await expect(page.getByTestId('error-page')).toContainText('404');
  await expect(page.getByTestId('site-header')).toBeVisible();
});

test('the home page with its lists drawn passes axe, and links to them: rooms book with their type, the gallery opens a photo, stories open a post', async ({ page }) => {
  await page.goto('/');
  await homeListsDrawn(page);
  expect(await seriousViolations(page), 'axe on / with its lists (en)').toEqual([]);

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
  const viewer = page.getByRole('dialog', { name: alt! });
  await expect(viewer).toBeVisible();
  // Escape closes it once the viewer listens for keys; CI once pressed it before that, on a busy
  // machine. (Opened by a click here, the viewer does not take the focus: noted for issue 19.)
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0, { timeout: 1_000 });
  }).toPass();
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
