import type { Page } from '@playwright/test';
import { chooseOption, DEMO, expect, login, test } from './fixtures';

/** The demo categories the e2e server seeds on its fresh database, with their Bengali names. */
const DEMO_NAMES: Record<string, string> = {
  'Standard Queen': 'স্ট্যান্ডার্ড কুইন',
  'Twin Garden': 'টুইন গার্ডেন',
  'Deluxe King': 'ডিলাক্স কিং',
  'Family Room': 'ফ্যামিলি রুম',
  'Executive Suite': 'এক্সিকিউটিভ স্যুট',
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
    'স্নান ও বাথরুমের সুবিধা',
    'আসবাব ও সাজসজ্জা',
    'খাবার ও পানীয়',
    'ইন্টারনেট ও ফোন',
    'বিনোদন',
    'প্রবেশগম্যতার সুবিধা',
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
  `৳${new Intl.NumberFormat(lng === 'bn' ? 'bn-BD' : 'en-US').format(amount)}`;
/** Text ending in this amount (a hidden 'was' or 'now' may come before it for screen readers). */
const endsWith = (text: string) => new RegExp(`${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

async function categories(page: Page): Promise<Category[]> {
  const res = await page.request.get('/api/room-categories');
  expect(res.ok()).toBe(true);
  return (await res.json()).data;
}

/** Every demo category is a card with a loaded photo and the price display rule. */
async function checkCards(page: Page, lng: 'en' | 'bn') {
  const list = await categories(page);
  expect(list.map((c) => c.name).sort()).toEqual(Object.keys(DEMO_NAMES).sort());
  await expect(page.getByRole('heading', { level: 1, name: lng === 'en' ? 'Accommodation' : 'থাকার ব্যবস্থা' })).toBeVisible();
  const cards = page.getByTestId('room-card');
  await expect(cards).toHaveCount(list.length);
  for (const category of list) {
    const name = lng === 'en' ? category.name : DEMO_NAMES[category.name]!;
    const card = cards.filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(card).toHaveCount(1);
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
  expect(list.some((c) => c.rackRate > c.offerPrice)).toBe(true);
  expect(list.some((c) => c.rackRate <= c.offerPrice)).toBe(true);
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
  await expect(dialog.getByTestId('room-price')).toContainText(lng === 'en' ? 'From' : 'শুরু');
  await expect(dialog.getByTestId('bed-size-line')).toBeVisible();
  for (const title of SECTIONS[lng]) {
    await expect(dialog.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }

  // The carousel: next, a dot, previous; one photo shows at a time.
  const n = (v: number) => new Intl.NumberFormat(lng === 'bn' ? 'bn-BD' : 'en-US').format(v);
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

test('a guest sees every room type with its photo and price, and reads the details pop-up', async ({ page }) => {
  await page.goto('/accommodation');
  await checkCards(page, 'en');
  await checkDialog(page, 'en', 'Deluxe King');

  // The close button closes it too.
  await page.getByTestId('room-card').first().getByTestId('view-details').click();
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('in Bengali the rooms, prices and sections read in Bengali', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lng', 'bn'));
  await page.goto('/accommodation');
  await checkCards(page, 'bn');
  await checkDialog(page, 'bn', 'Executive Suite');
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the cards fit the screen and the pop-up is a full-screen sheet', async ({ page }) => {
    await page.goto('/accommodation');
    await checkCards(page, 'en');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByTestId('room-card').first().getByTestId('view-details').click();
    const box = await page.getByRole('dialog').boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 812 });
    await page.keyboard.press('Escape');
    await checkDialog(page, 'en', 'Family Room');
  });

  test('in Bengali too', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lng', 'bn'));
    await page.goto('/accommodation');
    await checkCards(page, 'bn');
    await checkDialog(page, 'bn', 'Twin Garden');
  });
});

test('staff set a room from cleaning to available and it holds after reload', async ({ page }) => {
  const res = await page.request.get('/api/room?status=cleaning&limit=1');
  const room = (await res.json()).data[0];
  expect(room, 'the demo data has a room being cleaned').toBeTruthy();
  const number: string = room.room_overview.room_number;

  await login(page, DEMO.staff);
  await page.goto('/staff/housekeeping');
  await expect(page.getByTestId('section-title')).toHaveText('Housekeeping');
  await expect(page.getByTestId(`room-${number}`)).toBeVisible();
  const cleaningBefore = Number(await page.getByTestId('count-cleaning').textContent());
  await page.getByTestId('housekeeping-search').fill(number);
  const row = page.getByTestId(`room-${number}`);
  await expect(row.getByTestId('room-status')).toHaveText('CLEANING');
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
