import { addDays, todayAt } from '@residency/shared/dates';
import { DEMO, expect, freeRooms, login, seriousViolations, sidewaysOverflow, signIn, test, testDayOffset } from './fixtures';

/**
 * Online payment (issue 33) in a real browser, with the sandbox gateway the server serves under
 * /sandbox-gateway/ (SSLCommerz and bKash): a family pays a deposit by bKash in Bengali on a
 * phone and the desk refunds part of it through the gateway; a card payment fails, then goes
 * through; a hold that nobody pays lets the rooms go (the test server holds rooms for 15 s).
 */

const ownDays = (from: number) => addDays(todayAt('Asia/Dhaka'), testDayOffset(from, 200));
const taka = (value: number) => `৳${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(value)}`;

test('a family books two rooms in Bengali at 375 px, pays the deposit by bKash, and the desk refunds part of it through the gateway', async ({ page, api, request, browser, baseURL }) => {
  test.slow();
  // A plan asking 30 % at booking on both room types, for this test only.
  const admin = await api.headers('admin');
  const code = `D30R${test.info().retry}`;
  const plans: string[] = [];
  for (const category of ['Family Room', 'Deluxe King']) {
    const made = await request.post('/api/rate-plans', {
      headers: admin,
      data: { category, code, name: { en: 'Deposit 30 %', bn: '৩০% অগ্রিম' }, deposit: { policy: 'percent', percent: 30 } },
    });
    expect(made.status(), await made.text()).toBe(201);
    plans.push((await made.json()).data._id as string);
  }
  try {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.addInitScript(() => localStorage.setItem('lng', 'bn'));
    const guest = await api.newGuest('Rahman Family');
    await signIn(page, api, guest);
    const checkIn = ownDays(5600);
    const checkOut = addDays(checkIn, 2);
    await page.goto(`/view-rates?checkIn=${checkIn}&checkOut=${checkOut}&adults=2&children=0`);
    const plan = (category: string) => page.locator(`[data-testid="rate-card"][data-category="${category}"] [data-testid="rate-plan"][data-plan="${code}"]`);
    await plan('Family Room').getByTestId('add-room').click();
    await plan('Deluxe King').getByTestId('add-room').click();
    await page.getByTestId('review-rooms').click();
    await page.getByTestId('room-chooser').getByTestId('book-rooms').click();
    await expect(page).toHaveURL(/\/booking\/rooms\?/);
    await page.getByRole('textbox', { name: 'ফোন' }).fill('01712-345678');

    // How to pay: the deposit now, by bKash.
    const choice = page.getByTestId('payment-choice');
    await expect(choice.getByRole('radio', { name: /হোটেলে পরিশোধ করুন/ })).toBeChecked();
    await choice.getByRole('radio', { name: /এখনই অগ্রিম দিন/ }).check();
    await choice.getByRole('radio', { name: /^বিকাশ/ }).check();
    await expect(page.getByTestId('payment-hold-note')).toHaveText(/রুম .* মিনিট আপনার জন্য রাখা থাকবে/);
    await expect(page.getByTestId('confirm-booking')).toHaveText(/^নিশ্চিত করে ৳[০-৯,.]+ পরিশোধ করুন$/);
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('confirm-booking').click();

    // bKash's page (the sandbox): the wallet's owner approves.
    await expect(page).toHaveURL(/\/sandbox-gateway\/bkash\/checkout\//);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/booking\/reservation\/[0-9a-f-]+\?payment=/);
    const status = page.getByTestId('payment-status');
    await expect(status).toHaveAttribute('data-status', 'paid');
    await expect(status).toHaveText(/^বিকাশ-এ ৳[০-৯,.]+ পরিশোধ হয়েছে, TrxID [0-9A-F]{10}।$/);
    await expect(page.getByTestId('booking-now')).toHaveAttribute('data-state', 'confirmed');
    expect(await sidewaysOverflow(page)).toBe(0);
    const reservationId = new URL(page.url()).pathname.split('/').at(-1)!;
    const staffHeaders = await api.headers('staff');
    const reservation = (await (await request.get(`/api/reservations/${reservationId}`, { headers: staffHeaders })).json()).data as {
      reference: string;
      paid: number;
      bookings: { transactionId: string }[];
    };
    expect(reservation.bookings).toHaveLength(2);

    // The desk sees it on the folio, with the gateway's reference, and gives ৳1,000 back through bKash.
    const desk = await browser.newPage({ baseURL, viewport: { width: 1280, height: 900 } });
    await login(desk, DEMO.staff);
    await desk.goto(`/staff/reservation?q=${reservation.bookings[0]!.transactionId}`);
    const row = desk.getByTestId(`booking-${reservation.bookings[0]!.transactionId}`);
    await row.getByRole('button', { name: 'Details' }).click();
    const details = desk.getByRole('dialog', { name: `Booking ${reservation.reference}` });
    await details.getByRole('tab', { name: 'Folio' }).click();
    const money = details.getByTestId('folio-money-payment');
    await expect(money.getByTestId('folio-money-gateway')).toContainText('bKash checkout');
    await expect(money).toContainText(taka(reservation.paid));
    await money.getByTestId('folio-online-refund').click();
    const form = desk.getByRole('dialog', { name: 'Refund through the payment gateway' });
    await form.getByTestId('online-refund-amount').fill('1000');
    await form.getByLabel('Reason').fill('Airport shuttle not needed');
    await form.getByRole('button', { name: 'Refund' }).click();
    await expect(desk.getByText('৳1,000 refunded through the gateway')).toBeVisible();
    await expect(details.getByTestId('folio-money-refund')).toContainText('1,000');
    await desk.close();

    // The reconciliation shows the payment and the refund matched.
    const report = (await (await request.get('/api/reports/reconciliation', { headers: admin })).json()).data as { rows: { reference: string; kind: string; state: string }[] };
    expect(report.rows.filter((r) => r.reference === reservation.reference).map((r) => `${r.kind} ${r.state}`)).toEqual(['payment matched', 'refund matched']);
  } finally {
    for (const id of plans) await request.patch(`/api/rate-plans/${id}`, { headers: admin, data: { active: false } });
  }
});

test('a card payment through SSLCommerz fails, then goes through on the second try', async ({ page, api, request }) => {
  const guest = await api.newGuest('Card Guest');
  await signIn(page, api, guest);
  const checkIn = ownDays(5800);
  const [room] = await freeRooms(request, checkIn, addDays(checkIn, 1));
  await page.goto(`/booking/${room!._id}?checkIn=${checkIn}&checkOut=${addDays(checkIn, 1)}&adults=1&children=0`);
  await page.getByRole('textbox', { name: 'Phone' }).fill('01712-345678');
  await page.getByTestId('payment-choice').getByRole('radio', { name: /Pay in full now/ }).check();
  await page.getByTestId('payment-choice').getByRole('radio', { name: /Card or mobile banking/ }).check();
  await page.getByTestId('confirm-booking').click();

  await expect(page).toHaveURL(/\/sandbox-gateway\/sslcommerz\//);
  await page.getByLabel('Pay with').selectOption({ label: 'Visa card' });
  await page.getByRole('button', { name: 'Fail' }).click();
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'failed');
  await expect(page.getByTestId('payment-status')).toContainText('Nothing was charged');

  // Another try from the same page: the balance, by card.
  await page.getByTestId('pay-balance').click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/sslcommerz\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const status = page.getByTestId('payment-status');
  await expect(status).toHaveAttribute('data-status', 'paid');
  await expect(status).toHaveText(/^Paid ৳[\d,.]+ by card, transaction [0-9A-F]+\.$/);
  await expect(page.getByTestId('pay-online')).toHaveCount(0);
});

test('a hold nobody pays ends by itself and the room is free again', async ({ page, api, request }) => {
  test.slow();
  const guest = await api.newGuest('Undecided Guest');
  await signIn(page, api, guest);
  const checkIn = ownDays(6000);
  const checkOut = addDays(checkIn, 1);
  const [room] = await freeRooms(request, checkIn, checkOut);
  await page.goto(`/booking/${room!._id}?checkIn=${checkIn}&checkOut=${checkOut}&adults=1&children=0`);
  await page.getByRole('textbox', { name: 'Phone' }).fill('01712-345678');
  await page.getByTestId('payment-choice').getByRole('radio', { name: /Pay in full now/ }).check();
  await page.getByTestId('confirm-booking').click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/sslcommerz\//);
  // The guest leaves the gateway's page without deciding: back on the confirmation, the time left.
  await page.goBack();
  await expect(page).toHaveURL(/\/booking\/reservation\//);
  await expect(page.getByTestId('hold-countdown')).toBeVisible();
  const free = async () => ((await (await request.get(`/api/room?checkIn=${checkIn}&checkOut=${checkOut}&limit=1000`)).json()).data as { _id: string }[]).some((r) => r._id === room!._id);
  expect(await free()).toBe(false);
  // 15 s later the job lets the room go; the page, read again, says so.
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(page.getByTestId('reservation-confirmation')).toBeVisible();
        return page.getByTestId('hold-ended').count();
      },
      { timeout: 60_000, intervals: [3_000] },
    )
    .toBe(1);
  expect(await free()).toBe(true);
});
