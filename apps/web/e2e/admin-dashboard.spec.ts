import { readFileSync } from 'node:fs';
import type { TDashboardStats } from '@residency/shared';
import { addDays, todayAt } from '@residency/shared/dates';
import { formatAmount } from '@residency/shared/display';
import { reportingPeriod } from '@residency/shared/reporting-period';
import type { APIRequestContext } from '@playwright/test';
import { expect, freeRooms, settled, signIn, test, type Api } from './fixtures';

/**
 * The admin dashboard as the hotel's manager reads it: the figures of a period, the charts (a
 * lazy chunk no other route loads), the month names and digits in Bengali, the CSV of the
 * period's bookings. One English flow at 1280 px and one Bengali test at 375 px; the cards in
 * Bengali digits are also a component test (admin-dashboard-page.test.tsx), the month names of
 * the axis a unit test (admin-chart-format.test.ts), and axe on the dashboard, in both
 * languages, is every-route.spec's.
 */

const HOTEL_TZ = 'Asia/Dhaka';
/** A class name Recharts writes in its own code: a script holding it is the chart library. */
const RECHARTS_MARKER = 'recharts-surface';

async function statsFor(request: APIRequestContext, api: Api, period: { from: string; to: string }): Promise<TDashboardStats> {
  const res = await request.get(`/api/admin?from=${period.from}&to=${period.to}`, { headers: await api.headers('admin') });
  expect(res.status()).toBe(200);
  return (await res.json()).data as TDashboardStats;
}

/**
 * A new guest's stay of one night from today at the hotel or soon after, in a room that is free
 * then, with a payment the desk records today (so the period to today has revenue to chart).
 */
async function bookedToday(request: APIRequestContext, api: Api) {
  const guest = await api.newGuest('Nusrat Jahan');
  const today = todayAt(HOTEL_TZ);
  for (const start of [0, 1, 2, 3, 4, 5]) {
    const [checkIn, checkOut] = [addDays(today, start), addDays(today, start + 1)];
    for (const room of (await freeRooms(request, checkIn, checkOut)).slice(0, 3)) {
      const res = await request.post('/api/bookings', {
        headers: guest.headers,
        data: { roomId: room._id, checkIn, checkOut, adults: 1, children: 0, phone: '+880 1711-445566' },
      });
      if (res.status() !== 201) continue;
      const booking = (await res.json()).data as { _id: string; transactionId: string; amount: number; startDate: string; endDate: string };
      const paid = await request.post(`/api/bookings/${booking._id}/payments`, {
        headers: await api.headers('admin'),
        data: { amount: 1000, method: 'cash' },
      });
      expect(paid.status(), await paid.text()).toBe(201);
      return { ...booking, email: guest.email };
    }
  }
  throw new Error('No room could be booked for the dashboard test');
}

/** RFC 4180 rows: quoted fields with doubled quotes, CRLF line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

test('the chart library loads on the admin dashboard only; the cards show the API figures of the period kept in the URL; the period downloads as a CSV', async ({ page, request, api }) => {
  const booking = await bookedToday(request, api);

  // 1. The chart library: not on the public pages, not on the staff dashboard.
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.set(res.url(), res.text().catch(() => ''));
  });
  const chartScriptsOf = async () => {
    const found: string[] = [];
    for (const [url, body] of scripts) if ((await body).includes(RECHARTS_MARKER)) found.push(url);
    return found;
  };
  for (const path of ['/', '/events', '/accommodation']) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    await settled(page);
  }
  await signIn(page, api, 'staff');
  await page.goto('/staff/dashboard');
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
  await settled(page);
  expect(scripts.size).toBeGreaterThan(5);
  expect(await chartScriptsOf()).toEqual([]);

  await signIn(page, api, 'admin');
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('overview-chart').locator('svg.recharts-surface[role="application"]')).toBeVisible();
  expect((await chartScriptsOf()).length).toBeGreaterThan(0);

  // 2. The cards: the figures the API gives for the last twelve months.
  const today = todayAt(HOTEL_TZ);
  let stats = await statsFor(request, api, reportingPeriod(today));
  const num = (n: number) => new Intl.NumberFormat('en-IN').format(n);
  await expect(page.getByTestId('card-revenue')).toHaveText(formatAmount(stats.totalIncome, 'en'));
  await expect(page.getByTestId('card-bookings')).toHaveText(num(stats.totalBookings));
  await expect(page.getByTestId('card-users')).toHaveText(num(stats.totalUsers));
  await expect(page.getByTestId('new-users-week')).toContainText(`${num(stats.newUsersThisWeek)} new user`);
  await expect(page.getByTestId('card-staff')).toHaveText(num(stats.totalStaffs));
  await expect(page.getByTestId('card-adr')).toHaveText(formatAmount(stats.adr, 'en'));
  await expect(page.getByTestId('card-revpar')).toHaveText(formatAmount(stats.revpar, 'en'));
  await expect(page.getByTestId('service-total')).toContainText(num(stats.totalServiceRequest));
  expect(stats.totalBookings).toBeGreaterThan(0);

  // This month: another request, another URL, the figures of that period.
  await page.getByTestId('period-choice').getByText('This month').click();
  await expect(page).toHaveURL(/\/admin\/dashboard\?period=this-month$/);
  stats = await statsFor(request, api, { from: `${today.slice(0, 7)}-01`, to: today });
  await expect(page.getByTestId('card-bookings')).toHaveText(num(stats.totalBookings));
  await expect(page.getByTestId('card-revenue')).toHaveText(formatAmount(stats.totalIncome, 'en'));

  // The link opens the same view.
  await page.reload();
  await expect(page.getByTestId('period-choice').getByRole('radio', { name: 'This month' })).toBeChecked();
  await expect(page.getByTestId('card-bookings')).toHaveText(num(stats.totalBookings));

  // 3. The CSV of a period with the stay booked here: it parses, with the stay and its amount.
  const period = { from: `${today.slice(0, 7)}-01`, to: booking.endDate };
  await page.goto(`/admin/dashboard?period=custom&from=${period.from}&to=${period.to}`);
  await expect(page.getByTestId('card-bookings')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-download').click()]);
  expect(download.suggestedFilename()).toBe(`bookings-${period.from}-${period.to}.csv`);
  const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const [header, ...rows] = parseCsv(text);
  expect(header?.slice(0, 4)).toEqual(['Booking ID', 'Guest', 'E-mail', 'Phone']);
  expect(header).toContain('Amount');
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.length === header!.length)).toBe(true);
  const row = rows.find((r) => r[0] === booking.transactionId);
  expect(row, `${booking.transactionId} in the CSV`).toBeDefined();
  expect(row![header!.indexOf('E-mail')]).toBe(booking.email);
  expect(row![header!.indexOf('Check-in')]).toBe(booking.startDate);
  expect(row![header!.indexOf('Amount')]).toBe(booking.amount.toFixed(2));
  expect(row![header!.indexOf('Paid')]).toBe('1000.00');
  await expect(page.getByText(/^Saved bookings-/)).toBeVisible();

  // 4. A period without a stay shows the empty state.
  await page.goto('/admin/dashboard?period=custom&from=2001-01-01&to=2001-03-31');
  await expect(page.getByTestId('overview-empty')).toBeVisible();
  await expect(page.getByTestId('card-bookings')).toHaveText('0');
});

test.describe('in Bengali on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 900 }, signedInAs: 'admin' });

  test('the chart and cards show Bengali month names and digits', async ({ page, request, api }) => {
    await bookedToday(request, api);
    await page.addInitScript(() => localStorage.setItem('lng', 'bn'));
    await page.goto('/admin/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    const chart = page.getByTestId('overview-chart');
    await expect(chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').first()).toBeVisible();
    const ticks = await chart.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents();
    const { from } = reportingPeriod(todayAt(HOTEL_TZ));
    // The Bengali names of the twelve months, as the browser itself writes them.
    const names = await page.evaluate((first) => {
      const [y, m] = first.split('-').map(Number) as [number, number];
      return Array.from({ length: 12 }, (_, i) =>
        new Intl.DateTimeFormat('bn-BD', { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1 + i, 15))),
      );
    }, from);
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(names).toContain(tick);
    expect(ticks[0]).toBe(names[0]);
    expect(ticks.join(' ')).not.toMatch(/[A-Za-z0-9]/);
    const yTicks = await chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').allTextContents();
    expect(yTicks.join(' ')).toMatch(/[০-৯]/);
    expect(yTicks.join(' ')).not.toMatch(/[0-9]/);
    // Cards: Bengali digits and ৳, no Latin digit.
    await expect(page.getByTestId('card-revenue')).toHaveText(/^৳[০-৯,.]+$/);
    await expect(page.getByTestId('card-bookings')).toHaveText(/^[০-৯,]+$/);
    await expect(page.getByRole('heading', { name: 'আয় ও বুকিংয়ের সারসংক্ষেপ' })).toBeVisible();
    await page.getByRole('tab', { name: 'বুকিং' }).click();
    await expect(page.getByRole('tab', { name: 'বুকিং' })).toHaveAttribute('aria-selected', 'true');
    // Nothing wider than the screen, with the chart drawn.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
