import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addDays, todayAt } from '@residency/shared/dates';
import { formatAmount, formatShortDate } from '@residency/shared/display';
import { chooseOption, expect, seriousViolations, sidewaysOverflow, signIn, test, testDayOffset, type Api } from './fixtures';
import { waitForMail } from './mailbox';

/**
 * Rates (issue 21): the admin sets an Eid season and a weekend rate in the calendar; a guest's
 * search is told why a night does not sell, sees a stay across the season's edge night by night,
 * books it with breakfast, and the confirmation and its mail show the same lines.
 */

const TYPE = 'Executive Suite';
const ENC = encodeURIComponent(TYPE);

/** Days of this test's own, far past the other specs' stays (the channels spec books up to 4,500 days ahead). */
const ownDays = () => addDays(todayAt('Asia/Dhaka'), testDayOffset(4700, 600));

/**
 * Picks `iso` in an antd DatePicker (read-only input): the year panel (a decade on at a time, each
 * step waited for), then the month, then the day; each panel is waited for before it is clicked.
 */
async function pickDate(page: Page, input: Locator, iso: string) {
  // The last picker's drop-down may still be closing: until it is gone, "the open drop-down"
  // could be that one, and the clicks below would land in its fading panel.
  const open = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  await expect(open).toHaveCount(0);
  await input.click();
  await expect(open).toHaveCount(1);
  const panel = open;
  const header = panel.locator('.ant-picker-header-view');
  // Opened: its slide-in done (a click while it opens can be taken by the opening itself).
  await expect(panel).not.toHaveClass(/ant-slide-up-(appear|enter)/);
  const yearPanel = panel.locator('.ant-picker-year-panel');
  // On a loaded machine a click on the year could still be lost to the opening (seen in CI under
  // two workers, never alone or at 8× CPU throttling): as a person would, click it again.
  await expect(async () => {
    if (!(await yearPanel.isVisible())) await panel.locator('.ant-picker-year-btn').click({ timeout: 2_000 });
    await expect(yearPanel).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const [year, month] = iso.split('-');
  const yearCell = panel.locator(`td[title="${year}"]`);
  for (let i = 0; i < 10 && (await yearCell.count()) === 0; i += 1) {
    const decade = (await header.textContent()) ?? '';
    await panel.locator('.ant-picker-header-super-next-btn').click();
    await expect(header).not.toHaveText(decade);
  }
  await yearCell.click();
  await panel.locator('.ant-picker-month-panel').waitFor();
  await panel.locator(`td[title="${year}-${month}"]`).click();
  await panel.locator('.ant-picker-date-panel').waitFor();
  await panel.locator(`td[title="${iso}"]`).click();
  await expect(panel).toBeHidden();
}

async function bulk(request: APIRequestContext, api: Api, data: Record<string, unknown>) {
  const res = await request.post('/api/rates/bulk', { headers: await api.headers('admin'), data: { category: TYPE, ...data } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as { days: number };
}

async function ratesOf(request: APIRequestContext, api: Api, from: string, to: string, plan = 'STD') {
  const res = await request.get(`/api/rates?category=${ENC}&plan=${plan}&from=${from}&to=${to}`, { headers: await api.headers('admin') });
  expect(res.ok()).toBe(true);
  return (await res.json()).data as { date: string; price: number; minStay: number }[];
}

/** The breakfast plan of the room type: the Standard plan's prices and rules, with breakfast (made once per worker's database). */
async function breakfastPlan(request: APIRequestContext, api: Api) {
  const headers = await api.headers('admin');
  const plans = (await (await request.get(`/api/rate-plans?category=${ENC}&includeInactive=1`, { headers })).json()).data as { code: string }[];
  if (!plans.some((p) => p.code === 'BB')) {
    const res = await request.post('/api/rate-plans', {
      headers,
      data: { category: TYPE, code: 'BB', name: { en: 'Bed & breakfast', bn: 'থাকা ও সকালের নাশতা' }, meal: 'breakfast', mealPrice: 800, parent: 'STD' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

/** An Eid season of 5 nights from `start` on the Standard plan: +40 %, at least 2 nights. */
async function eidSeason(request: APIRequestContext, api: Api, start: string) {
  const [before] = await ratesOf(request, api, start, start);
  await bulk(request, api, { from: start, to: addDays(start, 4), changePercent: 40, minStay: 2 });
  return { base: before!.price, eid: Math.round(before!.price * 1.4) };
}

test.describe('Admin › Rates', () => {
  test.use({ signedInAs: 'admin' });

  test('the admin sets an Eid season (+40 %, minimum 2 nights) and a Friday-and-Saturday rate in the calendar, and reads both in the log', async ({ page, request, api }) => {
    const start = ownDays();
    const [before] = await ratesOf(request, api, start, start);
    await page.goto('/admin/rates');
    const today = todayAt('Asia/Dhaka');
    // A cell opens the editor for its room type and day; the dates are then the season's.
    await page.getByTestId(`rate-cell-${TYPE}-${today}`).click();
    const editor = page.getByRole('dialog');
    await pickDate(page, editor.getByLabel('From', { exact: true }), start);
    await pickDate(page, editor.getByLabel('To', { exact: true }), addDays(start, 4));
    await editor.getByRole('radio', { name: 'Raise or lower by %' }).check({ force: true });
    await editor.getByLabel('Change (%)').fill('40');
    await editor.getByLabel('Minimum stay (nights)').fill('2');
    await editor.getByRole('button', { name: 'Apply' }).click();
    await expect(editor.getByTestId('rate-edit-result')).toContainText("Rates changed on 5 days");

    // Every Friday and Saturday of the four weeks after it: +15 %.
    const weekendFrom = addDays(start, 5);
    const weekendTo = addDays(start, 32);
    await pickDate(page, editor.getByLabel('From', { exact: true }), weekendFrom);
    await pickDate(page, editor.getByLabel('To', { exact: true }), weekendTo);
    for (const day of ['Sun', 'Mon', 'Tue', 'Wed', 'Thu']) await editor.getByRole('checkbox', { name: day }).uncheck();
    await editor.getByLabel('Change (%)').fill('15');
    await editor.getByLabel('Minimum stay (nights)').clear();
    await editor.getByRole('button', { name: 'Apply' }).click();
    await expect(editor.getByTestId('rate-edit-result')).toContainText("Rates changed on 8 days");

    // What the calendar now says, night by night.
    const days = await ratesOf(request, api, start, weekendTo);
    const eid = Math.round(before!.price * 1.4);
    expect(days.slice(0, 5).map((d) => [d.price, d.minStay])).toEqual(Array.from({ length: 5 }, () => [eid, 2]));
    for (const day of days.slice(5)) {
      const weekday = new Date(`${day.date}T00:00:00Z`).getUTCDay();
      expect([day.date, day.price]).toEqual([day.date, weekday === 5 || weekday === 6 ? Math.round(before!.price * 1.15) : before!.price]);
    }

    // Both edits in the log, newest first, with who and what.
    await editor.getByTestId('rate-edit-close').click();
    await chooseOption(page, page.getByRole('combobox', { name: 'Room type' }), TYPE);
    await page.getByRole('tab', { name: /Change log/ }).click();
    const log = page.getByRole('region', { name: 'Change log (STD)' });
    await expect(log.getByTestId('rate-change-range')).toHaveCount(2);
    await expect(log).toContainText('only Fri, Sat');
    await expect(log).toContainText('min stay: 2');
  });
});

test.describe('Guests and the calendar', () => {
  test('a 1-night search on the first Eid night says why; a stay across the edge shows each night; booked with breakfast, the confirmation and its mail say the same', async ({ page, request, api }) => {
    await breakfastPlan(request, api);
    const start = ownDays();
    const { base, eid } = await eidSeason(request, api, start);
    const search = (checkIn: string, checkOut: string) =>
      `/view-rates?checkIn=${checkIn}&checkOut=${checkOut}&adults=2&children=0&category=${ENC}`;

    await page.goto(search(start, addDays(start, 1)));
    const card = page.locator(`[data-testid="rate-card"][data-category="${TYPE}"]`);
    const standard = card.locator('[data-testid="rate-plan"][data-plan="STD"]');
    await expect(standard.getByTestId('plan-closed')).toHaveText(`Minimum 2 nights for arrivals on ${formatShortDate(start)}`);

    // The night before the season, then two Eid nights.
    const checkIn = addDays(start, -1);
    await page.goto(search(checkIn, addDays(checkIn, 3)));
    await expect(standard.getByTestId('plan-closed')).toHaveCount(0);
    await standard.getByText('Why this price').click();
    const groups = standard.getByTestId('price-night-group');
    await expect(groups).toHaveText([`1 night × ${formatAmount(base)}`, `2 nights × ${formatAmount(eid)}`]);

    // Booked on the breakfast plan by a guest of this test.
    const guest = await api.newGuest('Rates Test Guest');
    await signIn(page, api, guest);
    await page.goto(search(checkIn, addDays(checkIn, 3)));
    const breakfast = card.locator('[data-testid="rate-plan"][data-plan="BB"]');
    await expect(breakfast.getByTestId('plan-includes')).toHaveText('Breakfast for 2 included');
    await breakfast.getByTestId('book-button').click();
    await expect(page).toHaveURL(/\/booking\/.+ratePlan=BB/);
    const booking = page.getByTestId('price-breakdown').first();
    await expect(booking.getByTestId('price-night-group')).toHaveText([`1 night × ${formatAmount(base)}`, `2 nights × ${formatAmount(eid)}`]);
    // Breakfast: 2 guests × ৳800 × 3 nights.
    await expect(booking.getByTestId('price-meals')).toHaveText(formatAmount(4800));
    await page.getByLabel(/Phone/).first().fill('01711-223344');
    await page.getByRole('button', { name: /Confirm/ }).click();
    await expect(page).toHaveURL(/\/booking\/reservation\//);
    const receipt = page.getByTestId('price-breakdown').first();
    await expect(receipt.getByTestId('price-night-group')).toHaveText([`1 night × ${formatAmount(base)}`, `2 nights × ${formatAmount(eid)}`]);

    const mail = await waitForMail('BOOKING_CONFIRMATION_USER', guest.email);
    expect(mail.text).toContain(
      `${formatShortDate(checkIn)}: 1 night × ${formatAmount(base)} · ${formatShortDate(start)} – ${formatShortDate(addDays(start, 1))}: 2 nights × ${formatAmount(eid)} · Meals: ${formatAmount(4800)}`,
    );
  });

  test('in Bengali on a phone: the reason and the nights in Bengali, nothing scrolls sideways', async ({ page, request, api }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.addInitScript(() => localStorage.setItem('lng', 'bn'));
    const start = ownDays();
    const { base, eid } = await eidSeason(request, api, start);
    await page.goto(`/view-rates?checkIn=${start}&checkOut=${addDays(start, 1)}&adults=2&children=0&category=${ENC}`);
    const standard = page.locator(`[data-testid="rate-card"][data-category="${TYPE}"] [data-testid="rate-plan"][data-plan="STD"]`);
    await expect(standard.getByTestId('plan-closed')).toHaveText(`${formatShortDate(start, 'bn')} তারিখে আগমনের জন্য কমপক্ষে ২ রাত`);
    expect(await sidewaysOverflow(page)).toBe(0);

    const checkIn = addDays(start, -1);
    await page.goto(`/view-rates?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&adults=2&children=0&category=${ENC}`);
    await standard.locator('summary').click();
    await expect(standard.getByTestId('price-night-group')).toHaveText([`১ রাত × ${formatAmount(base, 'bn')}`, `২ রাত × ${formatAmount(eid, 'bn')}`]);
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
