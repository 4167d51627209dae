import type { APIRequestContext, Page } from '@playwright/test';
import { chooseOption, DEMO, expect, freeRooms, login, test, testDayOffset, uniqueEmail, uniqueName } from './fixtures';

/**
 * Reservations (admin and staff), the guest's bookings and coupon management, as the people
 * who use them: bookings are made through the API by fresh guests, then handled in the browser.
 */

interface Booking {
  _id: string;
  transactionId: string;
  amount: number;
  startDate: string;
  endDate: string;
  room: { category: string; roomNumber: string };
}

const taka = (amount: number) => `৳${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(amount)}`;
/** The details modal's dates: "Sat, Jun 12, 2027". */
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
const isoIn = (days: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** Nights taken so far by each running test's stays (see freshStay). */
const nightsUsed = new Map<string, number>();
/** A stay of this test's own, far ahead (testDayOffset), after the ones it asked for before. */
const freshStay = (nights = 2) => {
  const info = test.info();
  const key = `${info.testId}#${info.repeatEachIndex}`;
  const used = nightsUsed.get(key) ?? 0;
  nightsUsed.set(key, used + nights + 1);
  const start = testDayOffset(200, 1500) + used;
  return { checkIn: isoIn(start), checkOut: isoIn(start + nights) };
};

async function register(request: APIRequestContext, name: string) {
  const email = uniqueEmail('stay');
  const res = await request.post('/api/auth/register', { data: { email, password: 'password-123', name } });
  expect(res.status()).toBe(201);
  const { data } = await res.json();
  return { email, password: 'password-123', name, token: data.token as string };
}

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/api/auth/login', { data: who });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.token as string;
}

async function book(
  request: APIRequestContext,
  token: string,
  stay: { roomId: string; checkIn: string; checkOut: string },
  extra: Record<string, unknown> = {},
) {
  return request.post('/api/bookings', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...stay, adults: 1, children: 0, phone: '+880 1711-223344', ...extra },
  });
}

async function bookOk(request: APIRequestContext, token: string, extra: Record<string, unknown> = {}) {
  const nights = freshStay();
  const [room] = await freeRooms(request, nights.checkIn, nights.checkOut);
  expect(room, 'a room free for the nights').toBeTruthy();
  const stay = { roomId: room!._id, ...nights };
  const res = await book(request, token, stay, extra);
  expect(res.status(), await res.text()).toBe(201);
  return { booking: (await res.json()).data as Booking, stay };
}

async function openReservations(page: Page, path: '/staff/reservation' | '/admin/reservation', transactionId: string) {
  await page.goto(path);
  await page.getByTestId('reservations-search').fill(transactionId);
  const row = page.getByTestId(`booking-${transactionId}`);
  await expect(row).toHaveCount(1);
  await expect(page.locator('[data-testid^="booking-RSV-"]')).toHaveCount(1);
  return row;
}

test('staff confirm a booking, take payment and read its details', async ({ page, request }) => {
  const guest = await register(request, 'Farhana Akter');
  const { booking } = await bookOk(request, guest.token, { airportShuttle: true, address: 'Road 27, Dhanmondi, Dhaka' });
  const tid = booking.transactionId;

  await login(page, DEMO.staff);
  const row = await openReservations(page, '/staff/reservation', tid);
  await expect(page.getByRole('heading', { name: 'All Reservations' })).toBeVisible();
  // Issue 12: check-in and check-out columns, and the booking state beside the payment state
  // (the guest is written under the booking ID).
  await expect(row.getByTestId('booking-cell')).toContainText(booking.transactionId);
  await expect(row.getByTestId('booking-cell')).toContainText(guest.name);
  for (const column of ['Booking ID', 'Room', 'Check-in / Check-out', 'State / Payment', 'Amount', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  await expect(row.getByTestId('confirmed-dot')).toHaveAttribute('data-confirmed', 'false');
  await expect(row.getByTestId('payment-tag')).toHaveText('Unpaid');
  await expect(row.getByTestId('state-tag')).toHaveText('Unconfirmed');
  await expect(row).toContainText(guest.name);
  await expect(row).toContainText(booking.room.category);
  await expect(row).toContainText(taka(booking.amount));
  // The airport shuttle is noted under the room.
  await expect(row).toContainText('Shuttle');
  // Not confirmed: no Check in yet (booking-states.ts; Pay is taken before confirmation too).
  await expect(row.getByRole('button', { name: 'Check in' })).toHaveCount(0);

  await row.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Booking: ${tid} is confirmed`)).toBeVisible();
  await expect(row.getByTestId('confirmed-dot')).toHaveAttribute('data-confirmed', 'true');
  await expect(row.getByRole('button', { name: 'Confirm' })).toHaveCount(0);

  await expect(row.getByTestId('state-tag')).toHaveText('Confirmed');

  // Pay opens a modal: the whole balance by card.
  await row.getByRole('button', { name: 'Pay' }).click();
  await page.getByRole('dialog', { name: `Pay: ${tid}` }).getByTestId('pay-method').getByText('Card', { exact: true }).click();
  await page.getByTestId('pay-reference').fill('SLIP-0042');
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText(`Booking: ${tid} is Paid`)).toBeVisible();
  await expect(row.getByTestId('payment-tag')).toHaveText('Paid');
  // Confirmed and paid, the stay far ahead: only Details and Cancel are left.
  await expect(row.getByRole('button', { name: 'Pay' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Check in' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Details' }).click();
  const details = page.getByRole('dialog');
  await expect(details).toContainText(`Booking ${tid}`);
  const field = (label: string) => details.locator('.ant-descriptions-item-label', { hasText: label }).locator('xpath=following-sibling::*[1]');
  await expect(field('User name')).toHaveText(guest.name);
  await expect(field('Email')).toHaveText(guest.email);
  await expect(field('Phone')).toHaveText('+880 1711-223344');
  await expect(field('Room')).toHaveText(`${booking.room.category} · Room ${booking.room.roomNumber}`);
  await expect(field('Amount')).toHaveText(taka(booking.amount));
  await expect(field('Airport Shuttle')).toHaveText('Yes');
  await expect(field('Booking ID')).toContainText(tid);
  await expect(field('Payment status')).toHaveText('Paid');
  await expect(field('Booking status')).toHaveText('Confirmed');
  await expect(field('Check-in')).toHaveText(longDate(booking.startDate));
  await expect(field('Check-out')).toHaveText(longDate(booking.endDate));
  await expect(field('Guests')).toHaveText('1 Adult');
  await expect(details).toContainText('Price breakdown');
  await details.getByRole('button', { name: 'Close' }).last().click();
  await expect(details).toBeHidden();

  // A second Confirm from a stale screen is refused with the server's reason.
  const staff = await tokenOf(request, DEMO.staff);
  const again = await request.patch(`/api/bookings/${booking._id}`, {
    headers: { authorization: `Bearer ${staff}` },
    data: { isConfirmed: true },
  });
  expect(again.status()).toBe(409);
});

test('an admin cancels a booking; the booking stays listed and its nights can be booked again', async ({ page, request }) => {
  const guest = await register(request, 'Rafiq Islam');
  const { booking, stay } = await bookOk(request, guest.token);
  const other = await register(request, 'Second Guest');
  expect((await book(request, other.token, stay)).status()).toBe(409);

  await login(page, DEMO.admin);
  const row = await openReservations(page, '/admin/reservation', booking.transactionId);
  await row.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByText('Cancel this booking?')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText('Booking is canceled')).toBeVisible();
  // The state says Cancelled; the payment column keeps the payment state (issue 12).
  await expect(row.getByTestId('state-tag')).toHaveText('Cancelled');
  await expect(row.getByTestId('payment-tag')).toHaveText('Unpaid');
  await expect(row.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Pay' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Details' })).toBeVisible();

  const rebook = await book(request, other.token, stay);
  expect(rebook.status(), await rebook.text()).toBe(201);
});

test('an admin adds a coupon in the modal, sees its card and deletes it; a coupon without minimum or limit shows None and Unlimited', async ({ page, request }) => {
  const admin = await tokenOf(request, DEMO.admin);
  const fixed = uniqueName('FIX').replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  const res = await request.post('/api/coupons', {
    headers: { authorization: `Bearer ${admin}` },
    data: { code: fixed, discountType: 'fixed', discountValue: 750, expirationDate: isoIn(-1), usageLimit: 0, isActive: false },
  });
  expect(res.status()).toBe(201);
  const code = uniqueName('e2e').replace(/[^A-Za-z0-9]/g, '').toLowerCase();
  const upper = code.toUpperCase();
  await login(page, DEMO.admin);
  await page.goto('/admin/manage-discount');
  // Made through the API: inactive, expired, a fixed discount, no minimum, no limit.
  const fixedCard = page.getByTestId(`coupon-${fixed}`);
  await expect(fixedCard.getByTestId('coupon-active')).toHaveText('Inactive');
  await expect(fixedCard.getByTestId('coupon-discount')).toContainText('৳750 off');
  await expect(fixedCard.getByTestId('coupon-minimum')).toHaveText('None');
  await expect(fixedCard.getByTestId('coupon-limit')).toContainText('Unlimited');
  await expect(fixedCard).toContainText('Expired on');

  await page.getByRole('button', { name: 'Add New Coupon' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Coupon' });
  await expect(dialog).toBeVisible();

  // Empty form: the spec's four messages.
  await dialog.getByRole('button', { name: 'Create Coupon' }).click();
  for (const text of [
    'Please input the coupon code!',
    'Please select a discount type!',
    'Please input the discount value!',
    'Please select the expiration date!',
  ]) {
    await expect(dialog.getByText(text)).toBeVisible();
  }

  await dialog.getByLabel('Coupon Code').fill(code);
  await expect(dialog.getByLabel('Coupon Code')).toHaveValue(upper);
  await chooseOption(page, dialog.getByLabel('Discount Type'), 'Percentage');
  await dialog.getByLabel('Discount Value').fill('120');
  await dialog.getByRole('button', { name: 'Create Coupon' }).click();
  await expect(dialog.getByText('A percentage discount cannot be more than 100.')).toBeVisible();
  await dialog.getByLabel('Discount Value').fill('15');
  await dialog.getByLabel('Expiration Date').fill('31-12-2030');
  await dialog.getByLabel('Expiration Date').press('Enter');
  await dialog.getByLabel('Minimum Purchase Amount').fill('5000');
  await expect(dialog.getByLabel('Usage Limit')).toHaveValue('0');
  await dialog.getByRole('button', { name: 'Create Coupon' }).click();
  await expect(page.getByText(`Coupon ${upper} created`)).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId(`coupon-${upper}`);
  await expect(card.getByTestId('coupon-active')).toHaveText('Active');
  await expect(card.getByTestId('coupon-discount')).toContainText('15% off');
  await expect(card.getByTestId('coupon-minimum')).toHaveText('৳5,000');
  await expect(card.getByTestId('coupon-limit')).toContainText('Unlimited');
  await expect(card.getByTestId('coupon-expiry')).toHaveText('Tue, Dec 31, 2030');

  // The same code again: the server's reason, beside the field and in a toast.
  await page.getByRole('button', { name: 'Add New Coupon' }).first().click();
  await dialog.getByLabel('Coupon Code').fill(upper);
  await chooseOption(page, dialog.getByLabel('Discount Type'), 'Fixed amount');
  await dialog.getByLabel('Discount Value').fill('500');
  await dialog.getByLabel('Expiration Date').fill('31-12-2030');
  await dialog.getByLabel('Expiration Date').press('Enter');
  await dialog.getByRole('button', { name: 'Create Coupon' }).click();
  await expect(page.locator('.ant-message').getByText(`The code ${upper} already exists.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await card.getByRole('button', { name: `Delete coupon ${upper}` }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
  await expect(page.getByText(`Coupon ${upper} deleted`)).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('a guest without bookings is invited to book; with bookings, follows them on My Bookings, newest first, with their statuses', async ({ page, request }) => {
  const guest = await register(request, 'Mitu Sarkar');
  // No stay yet: the dashboard invites to book one, My Bookings to find a room.
  await login(page, guest);
  const empty = page.getByTestId('next-stay-empty');
  await expect(empty).toContainText('No upcoming stay');
  await expect(empty.getByRole('link', { name: 'Book a stay' })).toHaveAttribute('href', '/accommodation');
  await page.getByRole('menuitem', { name: 'My Bookings' }).click();
  await expect(page.getByText('You have no bookings yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Find a room' }).click();
  await expect(page).toHaveURL(/\/accommodation$/);

  const admin = await tokenOf(request, DEMO.admin);
  const auth = { authorization: `Bearer ${admin}` };
  const { booking: paid } = await bookOk(request, guest.token);
  const { booking: cancelled } = await bookOk(request, guest.token);
  const { booking: waiting } = await bookOk(request, guest.token, { airportShuttle: true });
  expect((await request.patch(`/api/bookings/${paid._id}`, { headers: auth, data: { isConfirmed: true } })).ok()).toBe(true);
  expect((await request.patch(`/api/bookings/${paid._id}`, { headers: auth, data: { paymentStatus: 'Paid' } })).ok()).toBe(true);
  expect((await request.delete(`/api/bookings/${cancelled._id}`, { headers: auth })).ok()).toBe(true);

  await page.goto('/user/dashboard');
  await page.getByRole('menuitem', { name: 'My Bookings' }).click();
  await expect(page).toHaveURL(/\/user\/my-bookings$/);
  await expect(page.getByRole('heading', { name: 'My Bookings', level: 2 })).toBeVisible();
  const cards = page.locator('[data-testid^="my-booking-"]');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0)).toHaveAttribute('data-testid', `my-booking-${waiting.transactionId}`);

  const card = (b: Booking) => page.getByTestId(`my-booking-${b.transactionId}`);
  await expect(card(waiting).getByTestId('booking-state')).toHaveText('Awaiting confirmation');
  await expect(card(waiting).getByTestId('booking-payment')).toHaveText('Payment: Pending');
  await expect(card(waiting)).toContainText('Airport shuttle requested');
  await expect(card(waiting)).toContainText('2 nights');
  await expect(card(waiting)).toContainText('1 Adult');
  await expect(card(waiting)).toContainText(`Room ${waiting.room.roomNumber}`);
  await expect(card(waiting)).toContainText(taka(waiting.amount));
  await expect(card(paid).getByTestId('booking-state')).toHaveText('Confirmed');
  await expect(card(paid).getByTestId('booking-payment')).toHaveText('Payment: Paid');
  await expect(card(cancelled).getByTestId('booking-state')).toHaveText('Cancelled');

  // Book again: the rates, with the same room type chosen.
  await card(paid).getByRole('link', { name: /Book again/ }).click();
  // The search lives in the URL: the room type stays there (a reload or a shared link keeps it).
  await expect(page).toHaveURL(new RegExp(`/view-rates\\?(.*&)?category=${encodeURIComponent(paid.room.category)}(&|$)`));
  await expect(page.getByTestId('category-chips').getByRole('button', { name: paid.room.category, exact: true })).toHaveAttribute('aria-pressed', 'true');
});
