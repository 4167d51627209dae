import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { defaultCategory } from '@residency/shared/room-rules';
import { chooseOption, expect, signIn, test, uniqueName, type Api } from './fixtures';

/**
 * The accommodation page as a guest reads it: one flow in English at 1280 px (with the
 * categories guests do not see), one in Bengali on a 375 px phone (where the pop-up is a
 * full-screen sheet). The pop-up's parts (focus, scroll lock, carousel, Bengali texts and digits)
 * are component tests too (room-details-dialog.test.tsx); every-route.spec checks the page fits
 * 375 and 1280 px in both languages.
 */

/** The demo categories the e2e server seeds on its fresh database, with their Bengali names. */
const DEMO_NAMES: Record<string, string> = {
  'Standard Queen': 'স্ট্যান্ডার্ড কুইন',
  'Twin Garden': 'টুইন গার্ডেন',
  'Deluxe King': 'ডিলাক্স কিং',
  'Family Room': 'ফ্যামিলি রুম',
  'Executive Suite': 'এক্সিকিউটিভ স্যুট',
};

/** Who the demo room types sleep, as their cards and pop-ups say it: the real limits, not "up to N guests". */
const CAPACITY: Record<string, Record<'en' | 'bn', string>> = {
  'Standard Queen': { en: '2 adults + 1 child (3 guests at most)', bn: '২ জন প্রাপ্তবয়স্ক + ১ জন শিশু (মোট সর্বোচ্চ ৩ জন)' },
  'Twin Garden': { en: '2 adults', bn: '২ জন প্রাপ্তবয়স্ক' },
  'Deluxe King': { en: '2 adults + 1 child (3 guests at most)', bn: '২ জন প্রাপ্তবয়স্ক + ১ জন শিশু (মোট সর্বোচ্চ ৩ জন)' },
  // 3 adults, or 2 children with an adult: the places are shared (issue 31), never "3 adults + 2 children".
  'Family Room': { en: 'Up to 3 guests (at most 2 children)', bn: 'সর্বোচ্চ ৩ জন অতিথি (এর মধ্যে সর্বোচ্চ ২ জন শিশু)' },
  'Executive Suite': { en: '2 adults + 1 child (3 guests at most)', bn: '২ জন প্রাপ্তবয়স্ক + ১ জন শিশু (মোট সর্বোচ্চ ৩ জন)' },
};

const SECTIONS = {
  en: [
    'Room Overview',
    'Special Benefits',
    'Beds and Bedding',
    'Room Features',
    'Bath and Bathroom Features',
    'Furniture and Furnishings',
    'Food & Beverages',
    'Internet and Phones',
    'Entertainment',
    'Accessible Room Features',
  ],
  bn: [
    'রুমের সংক্ষিপ্ত বিবরণ',
    'বিশেষ সুবিধা',
    'বিছানা ও বিছানাপত্র',
    'রুমের বৈশিষ্ট্য',
    'গোসল ও বাথরুমের সুবিধা',
    'আসবাব ও সাজসজ্জা',
    'খাবার ও পানীয়',
    'ইন্টারনেট ও ফোন',
    'বিনোদন',
    'প্রতিবন্ধীবান্ধব সুবিধা',
  ],
};

interface Category {
  name: string;
  rackRate: number;
  offerPrice: number;
  images: string[];
  translations: { bn?: { name?: string } };
}

const taka = (amount: number, lng: 'en' | 'bn') =>
  `৳${new Intl.NumberFormat(lng === 'bn' ? 'bn-BD' : 'en-IN').format(amount)}`;
/** Text ending in this amount (a hidden 'was' or 'now' may come before it for screen readers). */
const endsWith = (text: string) => new RegExp(`${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/**
 * The categories guests see (those with a bookable room). Other specs add categories of their own
 * to the same database, so this spec checks that the demo ones are there, not that they are all.
 */
async function categories(page: Page): Promise<Category[]> {
  const res = await page.request.get('/api/room-categories?public=true');
  expect(res.ok()).toBe(true);
  return (await res.json()).data;
}

/** A complete category of this test's own (the defaults leave a few required fields empty), made through the API. */
async function ownCategory(page: Page, api: Api, name: string, extra: Record<string, unknown> = {}) {
  const base = defaultCategory();
  const template = { ...base, description: 'A loft under the roof.', room_features: { ...base.room_features, windows: 'Skylight' } };
  const res = await page.request.put('/api/room-categories', { headers: await api.headers('admin'), data: { ...template, name, ...extra } });
  expect(res.ok()).toBe(true);
}

/** A room number of this test's own (at most 20 letters and digits), from uniqueName. */
const roomNumber = () => `9${createHash('sha1').update(uniqueName('room')).digest('hex').slice(0, 6).toUpperCase()}Z`;

/** Every category guests see is a card; each demo one has a loaded photo and the price display rule. */
async function checkCards(page: Page, lng: 'en' | 'bn') {
  const list = await categories(page);
  const demo = list.filter((c) => c.name in DEMO_NAMES);
  expect(demo.map((c) => c.name).sort()).toEqual(Object.keys(DEMO_NAMES).sort());
  await expect(page.getByRole('heading', { level: 1, name: lng === 'en' ? 'Accommodation' : 'থাকার ব্যবস্থা' })).toBeVisible();
  const cards = page.getByTestId('room-card');
  await expect(cards).toHaveCount(list.length);
  for (const category of demo) {
    const name = lng === 'en' ? category.name : DEMO_NAMES[category.name]!;
    const card = cards.filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('room-capacity')).toHaveText(CAPACITY[category.name]![lng]);
    const cover = card.getByTestId('room-cover');
    await cover.scrollIntoViewIfNeeded();
    await expect(cover).toHaveAttribute('srcset', /-640\.webp 640w/);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(card.getByTestId('offer-price')).toHaveText(endsWith(taka(category.offerPrice, lng)));
    if (category.rackRate > category.offerPrice) {
      const rack = card.getByTestId('rack-rate');
      await expect(rack).toHaveText(endsWith(taka(category.rackRate, lng)));
      expect(await rack.evaluate((el) => el.tagName)).toBe('S');
    } else {
      await expect(card.getByTestId('rack-rate')).toHaveCount(0);
    }
  }
  // The rule shows both ways in the demo data.
  expect(demo.some((c) => c.rackRate > c.offerPrice)).toBe(true);
  expect(demo.some((c) => c.rackRate <= c.offerPrice)).toBe(true);
}

/** Opens the pop-up of one room, checks its sections and carousel, and closes it with Escape. */
async function checkDialog(page: Page, lng: 'en' | 'bn', english: string) {
  const name = lng === 'en' ? english : DEMO_NAMES[english]!;
  const card = page.getByTestId('room-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
  const opener = card.getByTestId('view-details');
  await expect(opener).toHaveText(lng === 'en' ? 'View Details' : 'বিস্তারিত দেখুন');
  await opener.click();

  const dialog = page.getByRole('dialog', { name: lng === 'en' ? 'Accommodation' : 'থাকার ব্যবস্থা' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(page.getByTestId('room-details-close')).toBeFocused();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  await expect(dialog.getByTestId('room-details-name')).toHaveText(name);
  await expect(dialog.getByTestId('room-price')).toContainText(lng === 'en' ? 'From' : 'সর্বনিম্ন');
  await expect(dialog.getByTestId('bed-size-line')).toBeVisible();
  await expect(dialog.getByTestId('room-capacity')).toHaveText(CAPACITY[english]![lng]);
  for (const title of SECTIONS[lng]) {
    await expect(dialog.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }

  // The carousel: next, a dot, previous; one photo shows at a time.
  const n = (v: number) => new Intl.NumberFormat(lng === 'bn' ? 'bn-BD' : 'en-IN').format(v);
  const counter = dialog.getByTestId('gallery-counter');
  await expect(counter).toHaveText(`${n(1)} / ${n(3)}`);
  await dialog.getByTestId('gallery-next').click();
  await expect(counter).toHaveText(`${n(2)} / ${n(3)}`);
  await expect(dialog.locator('[data-testid=gallery-slide][data-active=true] img')).toHaveAttribute('alt', new RegExp(n(2)));
  await dialog.getByTestId('gallery-dot').nth(2).click();
  await expect(counter).toHaveText(`${n(3)} / ${n(3)}`);
  await dialog.getByTestId('gallery-next').click();
  await expect(counter).toHaveText(`${n(1)} / ${n(3)}`);
  await dialog.getByTestId('gallery-previous').click();
  await expect(counter).toHaveText(`${n(3)} / ${n(3)}`);

  // Scrolled to the end, the last section is there; Escape closes and focus comes back.
  await page.getByTestId('room-details-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(dialog.getByRole('heading', { name: SECTIONS[lng][9] })).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
}

test('a guest sees every room type with its photo and price, reads the details pop-up; categories without a bookable room are not shown, the admin list says why', async ({ page, api }) => {
  await page.goto('/accommodation');
  await checkCards(page, 'en');
  await checkDialog(page, 'en', 'Deluxe King');

  // The close button closes it too.
  await page.getByTestId('room-card').first().getByTestId('view-details').click();
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  // A category without rooms, and a photo-less one with one room.
  const auth = await api.headers('admin');
  const tag = uniqueName('wing');
  const empty = `Empty Wing ${tag}`;
  const bare = `Bare Loft ${tag}`;
  const number = roomNumber();
  await ownCategory(page, api, empty, { images: [] });
  await ownCategory(page, api, bare, { images: [], roomNumbers: number });
  const room = ((await (await page.request.get(`/api/room?searchTerm=${number}`)).json()) as { data: { _id: string }[] }).data[0]!;
  try {
    // Not on the accommodation page, not a chip on the rates; the photo-less one with a room is,
    // with its drawn placeholder rather than a photo that never comes.
    await page.goto('/accommodation');
    await expect(page.getByTestId('room-card').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: empty, exact: true })).toHaveCount(0);
    const bareCard = page.getByTestId('room-card').filter({ has: page.getByRole('heading', { name: bare, exact: true }) });
    await expect(bareCard.getByTestId('image-fallback')).toContainText(bare);
    await expect(bareCard.locator('img')).toHaveCount(0);
    await bareCard.getByTestId('view-details').click();
    await expect(page.getByRole('dialog').getByTestId('image-fallback')).toContainText(bare);
    await page.keyboard.press('Escape');

    await page.goto('/view-rates');
    const chips = page.getByTestId('category-chips');
    await expect(chips.getByRole('button', { name: 'Deluxe King' })).toBeVisible();
    await expect(chips.getByRole('button', { name: empty })).toHaveCount(0);
    await expect(chips.getByRole('button', { name: bare })).toBeVisible();

    // Its only room in maintenance: the photo-less one goes too.
    const patched = await page.request.patch(`/api/room/${room._id}`, { headers: auth, data: { status: 'maintenance' } });
    expect(patched.ok()).toBe(true);
    await page.goto('/accommodation');
    await expect(page.getByTestId('room-card').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: bare, exact: true })).toHaveCount(0);

    // The admin list keeps both and says why guests don't see them.
    await signIn(page, api, 'admin');
    await page.goto('/admin/categories');
    await page.getByPlaceholder('Search by category name').fill(tag);
    await expect(page.getByTestId(`category-hidden-${empty}`)).toHaveText(/Not shown on the site.*it has no rooms yet/);
    await expect(page.getByTestId(`category-hidden-${bare}`)).toHaveText(/Not shown on the site.*every room is out of service/);
    await expect(page.getByTestId('category-hidden-Deluxe King')).toHaveCount(0);
  } finally {
    // Leaves the database as it found it, for the other specs.
    expect((await page.request.delete(`/api/room/${room._id}`, { headers: auth })).ok()).toBe(true);
    for (const name of [empty, bare]) {
      expect((await page.request.delete(`/api/room-categories/${encodeURIComponent(name)}`, { headers: auth })).ok()).toBe(true);
    }
  }
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('in Bengali the rooms, prices and sections read in Bengali, the cards fit and the pop-up is a full-screen sheet', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lng', 'bn'));
    await page.goto('/accommodation');
    await checkCards(page, 'bn');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByTestId('room-card').first().getByTestId('view-details').click();
    const box = await page.getByRole('dialog').boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 812 });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await checkDialog(page, 'bn', 'Executive Suite');
  });
});

test('staff set a room from cleaning to available and it holds after reload', async ({ page, api }) => {
  // A room of this test's own, being cleaned (the demo ones are left as they are).
  const number = roomNumber();
  await ownCategory(page, api, uniqueName('Cleaning Wing'), { roomNumbers: number });
  const room = ((await (await page.request.get(`/api/room?searchTerm=${number}`)).json()) as { data: { _id: string }[] }).data[0]!;
  const cleaned = await page.request.patch(`/api/room/${room._id}`, { headers: await api.headers('admin'), data: { status: 'cleaning' } });
  expect(cleaned.ok()).toBe(true);

  await signIn(page, api, 'staff');
  await page.goto('/staff/housekeeping');
  await expect(page.getByTestId('section-title')).toHaveText('Housekeeping');
  // The list is paged: the room is found by its number; the counts are of every room.
  await page.getByTestId('housekeeping-search').fill(number);
  const row = page.getByTestId(`room-${number}`);
  await expect(row.getByTestId('room-status')).toHaveText('CLEANING');
  const cleaningBefore = Number(await page.getByTestId('count-cleaning').textContent());
  await chooseOption(page, page.getByTestId(`status-select-${number}`), 'Available');
  await expect(page.getByText('Room Status updated successfully')).toBeVisible();
  await expect(row.getByTestId('room-status')).toHaveText('AVAILABLE');
  await expect(page.getByTestId('count-cleaning')).toHaveText(String(cleaningBefore - 1));

  await page.reload();
  await page.getByTestId('housekeeping-search').fill(number);
  await expect(page.getByTestId(`room-${number}`).getByTestId('room-status')).toHaveText('AVAILABLE');
  const after = await (await page.request.get(`/api/room/${room._id}`)).json();
  expect(after.data.status).toBe('available');

  // The summary filters the list: only rooms still being cleaned remain.
  await page.getByTestId('housekeeping-search').fill('');
  await page.getByTestId('summary-cleaning').click();
  await expect(page.getByTestId(`room-${number}`)).toHaveCount(0);
  // Exactly the rooms the hotel has in cleaning, each tagged so (none may be left at all).
  const cleaning = (await (await page.request.get('/api/room?status=cleaning&limit=1000')).json()).meta.total as number;
  await expect(page.getByTestId('room-status')).toHaveCount(cleaning);
  await expect(page.getByTestId('room-status').filter({ hasNotText: 'CLEANING' })).toHaveCount(0);
});
