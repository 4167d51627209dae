import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatDeadline } from '@residency/shared/booking-states';
import { formatAmount } from '@residency/shared/display';
import { addDays, todayAt } from '@residency/shared/dates';
import { instantAt } from '@residency/shared/hotel-time';
import { SERVICE_TYPE_LABELS } from '@residency/shared/request-labels';
import { DEMO, expect, login, seriousViolations, test, testDayOffset, uniqueEmail, useLanguage } from './fixtures';
import { waitForMail } from './mailbox';

/**
 * The guest's own stays: they cancel one well ahead from My Bookings, can't inside the cut-off
 * (they are told until when it was possible and whom to call), and follow the next stay, past
 * stays and open requests on their dashboard. The cut-off is read in Bengali at 375 px (its English
 * words are guest-cancel-section's component test), the dashboard in English at 1280 px (its
 * Bengali cards are guest-cards' component test).
 */

type Lng = 'en' | 'bn';
interface Booking {
  _id: string;
  transactionId: string;
  reservationId: string;
  startDate: string;
  endDate: string;
  guestCancelUntil: string;
  perNightCost: number;
  amount: number;
  room: { _id: string; category: string; roomNumber: string };
}
interface Site {
  phone: string;
  timeZone: string;
  checkInTime: string;
}

const localeDir = path.resolve(import.meta.dirname, '../public/locales');
const words = (lng: Lng) => JSON.parse(readFileSync(path.join(localeDir, lng, 'my-stays.json'), 'utf8'));
/** The shared words of prices and policies (common.json's stayPrice). */
const priceWords = (lng: Lng) => JSON.parse(readFileSync(path.join(localeDir, lng, 'common.json'), 'utf8')).stayPrice;
async function siteOf(request: APIRequestContext): Promise<Site> {
  return (await (await request.get('/api/site')).json()).data as Site;
}

async function register(request: APIRequestContext, name: string) {
  const email = uniqueEmail('stays');
  const res = await request.post('/api/auth/register', { data: { email, password: 'password-123', name } });
  expect(res.status()).toBe(201);
  return { email, password: 'password-123', name, token: (await res.json()).data.token as string };
}

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/api/auth/login', { data: who });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.token as string;
}

/** Books `checkIn`..`checkOut` in the first room free for those nights. */
async function bookAnyRoom(request: APIRequestContext, token: string, checkIn: string, checkOut: string): Promise<Booking> {
  const rooms = (await (await request.get('/api/room?limit=100')).json()).data as { _id: string; status: string }[];
  for (const room of rooms.filter((r) => r.status !== 'maintenance' && r.status !== 'unavailable')) {
    const res = await request.post('/api/bookings', {
      headers: { authorization: `Bearer ${token}` },
      data: { roomId: room._id, checkIn, checkOut, adults: 2, children: 0, phone: '+880 1711-445566' },
    });
    if (res.status() === 201) return (await res.json()).data as Booking;
  }
  throw new Error(`No room is free from ${checkIn} to ${checkOut}`);
}

/** Far ahead, on nights of this test's own (two tests rarely meet; bookAnyRoom finds a free room). */
const farAhead = (today: string) => {
  const start = addDays(today, testDayOffset(200, 1500));
  return { checkIn: start, checkOut: addDays(start, 2) };
};


/** Signs in through the (English) login form, then reads the site in `lng`. */
async function loginIn(page: Page, who: { email: string; password: string }, lng: Lng) {
  await page.goto('/');
  await useLanguage(page, 'en');
  await login(page, who);
  await useLanguage(page, lng);
}

async function noSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** Opens a stay's details from its card on My Bookings. */
async function openDetails(page: Page, booking: Booking) {
  const card = page.getByTestId(`my-booking-${booking.transactionId}`);
  await card.getByTestId('stay-details-button').click();
  const details = page.getByRole('dialog').filter({ has: page.getByTestId('stay-details') });
  await expect(details).toBeVisible();
  return { card, details };
}

test('a guest cancels a stay booked well ahead from My Bookings: Cancelled, the mail, the nights free again', async ({ page, request }) => {
  const site = await siteOf(request);
  const guest = await register(request, 'Nasrin Haque');
  const stay = farAhead(todayAt(site.timeZone));
  const booking = await bookAnyRoom(request, guest.token, stay.checkIn, stay.checkOut);
  const other = await register(request, 'Second Guest');
  const rebookFor = (token: string) =>
    request.post('/api/bookings', {
      headers: { authorization: `Bearer ${token}` },
      data: { roomId: booking.room._id, ...stay, adults: 1, children: 0, phone: '+880 1711-000111' },
    });
  expect((await rebookFor(other.token)).status()).toBe(409);

  await login(page, guest);
  await page.getByRole('menuitem', { name: 'My Bookings' }).click();
  const deadline = formatDeadline(new Date(booking.guestCancelUntil), site.timeZone);
  const { card, details } = await openDetails(page, booking);
  await expect(card).toContainText(`Free cancellation online until ${deadline}`);
  await expect(details).toContainText(`Booking ${booking.transactionId}`);
  await expect(details.getByTestId('booking-state')).toHaveText('Awaiting confirmation');
  await expect(details.getByTestId('booking-payment')).toHaveText('Payment: Pending');
  await expect(details.getByTestId('price-breakdown')).toBeVisible();
  await expect(details.getByTestId('stay-balance')).toHaveText(await details.getByTestId('price-total').innerText());
  await expect(details).toContainText('2 Adults');

  await details.getByRole('button', { name: 'Cancel booking' }).click();
  const confirm = page.getByRole('dialog', { name: `Cancel booking ${booking.transactionId}?` });
  await expect(confirm.getByTestId('cancel-cost')).toContainText(`Cancelling is free until ${deadline} (hotel time).`);
  await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText(`Booking ${booking.transactionId} is cancelled.`)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(details.getByTestId('booking-state')).toHaveText('Cancelled');
  await expect(details.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await details.getByRole('button', { name: 'Close' }).last().click();
  await expect(card.getByTestId('booking-state')).toHaveText('Cancelled');

  const mail = await waitForMail('BOOKING_CANCELLATION', guest.email);
  expect(`${mail.subject} ${mail.text}`).toContain(booking.transactionId);
  expect((await rebookFor(other.token)).status()).toBe(201);
});

{
  const [lng, width, height] = ['bn' as Lng, 375, 812];
  test(`a stay starting tomorrow, past its free cancellation: the guest sees the first night's charge before cancelling, and the booking keeps it (${lng}, ${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height });
    const w = words(lng);
    const site = await siteOf(request);
    const guest = await register(request, 'Tanvir Ahmed');
    const tomorrow = addDays(todayAt(site.timeZone), 1);
    const booking = await bookAnyRoom(request, guest.token, tomorrow, addDays(tomorrow, 1));

    await loginIn(page, guest, lng);
    await page.goto('/user/my-bookings');
    const { details } = await openDetails(page, booking);
    // The first night, as the site writes amounts in the reader's digits: said before the button (issue 31).
    const fee = formatAmount(booking.perNightCost, lng);
    await expect(details.getByTestId('cancel-terms')).toHaveText(priceWords(lng).cancel.now.replace('{{fee}}', fee));
    await details.getByRole('button', { name: w.cancel.button }).click();
    const confirm = page.getByRole('dialog', { name: w.cancel.confirmTitle.replace('{{transactionId}}', booking.transactionId) });
    await expect(confirm.getByTestId('cancel-cost')).toContainText(w.cancel.confirmFee.replace('{{fee}}', fee).replace('{{why}}', priceWords(lng).cancel.then.first_night));
    await noSideways(page);
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: w.cancel.ok }).click();
    await expect(confirm).toBeHidden();
    const after = await request.get(`/api/bookings/${booking._id}`, { headers: { authorization: `Bearer ${guest.token}` } });
    expect((await after.json()).data).toMatchObject({ status: 'cancelled', cancellationFee: booking.perNightCost });
  });

}

{
  const lng: Lng = 'en';
  test('the dashboard shows the next stay with a countdown, past stays and an open request (en, 1280 px)', async ({ page, request }) => {
    const w = words(lng);
    const site = await siteOf(request);
    const guest = await register(request, 'Rumana Akter');
    const today = todayAt(site.timeZone);
    const staff = { authorization: `Bearer ${await tokenOf(request, DEMO.staff)}` };

    // A past stay: tonight, checked in and out by the desk.
    const past = await bookAnyRoom(request, guest.token, today, addDays(today, 1));
    for (const step of [
      () => request.patch(`/api/bookings/${past._id}`, { headers: staff, data: { isConfirmed: true } }),
      // Without registration cards the desk says why (issue 34).
      () => request.post(`/api/bookings/${past._id}/check-in`, { headers: staff, data: { registrationNote: 'Cards to follow' } }),
      // Paid at the desk first: the last room out settles its folio (issue 22).
      () => request.post(`/api/bookings/${past._id}/payments`, { headers: staff, data: { amount: past.amount, method: 'cash' } }),
      () => request.post(`/api/bookings/${past._id}/check-out`, { headers: staff }),
    ]) {
      const res = await step();
      expect(res.ok(), await res.text()).toBe(true);
    }
    const stay = farAhead(today);
    const next = await bookAnyRoom(request, guest.token, stay.checkIn, stay.checkOut);
    const asked = await request.post('/api/services', {
      headers: { authorization: `Bearer ${guest.token}` },
      data: { service: 'laundry', bookingId: next._id, description: 'Two shirts' },
    });
    expect(asked.status(), await asked.text()).toBe(201);

    const checkIn = instantAt(next.startDate, site.checkInTime, site.timeZone).getTime();
    const daysLeft = () => Math.floor((checkIn - Date.now()) / 86_400_000);
    const before = daysLeft();
    await loginIn(page, guest, lng);
    await page.goto('/user/dashboard');
    await expect(page.getByTestId('membership-number')).toBeVisible();
    const card = page.getByTestId('next-stay');
    await expect(card).toContainText(next.transactionId);
    await expect(card.getByRole('timer')).toBeVisible();
    const shown = await card.getByTestId('countdown-days-value').innerText();
    const digits = (n: number) => new Intl.NumberFormat('en-IN').format(n);
    expect([digits(before), digits(daysLeft())]).toContain(shown);
    await expect(card.getByTestId('countdown-hours')).toContainText('hour');

    const pastCard = page.getByTestId('past-stays');
    await expect(pastCard.getByTestId(`past-stay-${past.transactionId}`)).toContainText(w.state.checked_out);
    await expect(pastCard).toContainText(w.dashboard.past.count_one.replace('{{n}}', digits(1)));

    const requests = page.getByTestId('open-requests');
    await expect(requests.getByTestId('open-request')).toContainText(SERVICE_TYPE_LABELS[lng].laundry);
    await expect(requests.getByTestId('open-request')).toContainText('Two shirts');
    await noSideways(page);
    expect(await seriousViolations(page)).toEqual([]);

    await requests.getByRole('link', { name: w.dashboard.requests.all }).click();
    await expect(page).toHaveURL(/\/user\/my-request$/);

    // The next stay's details open on My Bookings, where it can still be cancelled.
    await page.goBack();
    await page.getByTestId('next-stay-details').click();
    // The reservation the room is of (issue 31: My Bookings shows reservations).
    await expect(page).toHaveURL(new RegExp(`/user/my-bookings\\?reservation=${next.reservationId}$`));
    const details = page.getByRole('dialog').filter({ has: page.getByTestId('stay-details') });
    await expect(details).toContainText(next.transactionId);
    await expect(details.getByRole('button', { name: w.cancel.button })).toBeVisible();
    await noSideways(page);
    expect(await seriousViolations(page)).toEqual([]);
    await details.getByRole('button', { name: w.cancel.button }).click();
    await expect(page.getByRole('dialog', { name: w.cancel.confirmTitle.replace('{{transactionId}}', next.transactionId) })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
