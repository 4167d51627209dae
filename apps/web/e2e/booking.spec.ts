import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addDays, todayAt } from '@residency/shared/dates';
import { priceStay } from '@residency/shared/pricing';
import { DEMO, expect, freeRooms as freeRoomsFor, login, seriousViolations, test, testDayOffset, uniqueEmail, uniqueName } from './fixtures';

/*
 * The guest's story of booking a room: the booking bar, /view-rates, sign-in, the booking page
 * with a coupon and the price breakdown, the confirmation; then the same room is not offered to
 * the next guest, and a room taken while a guest hesitates answers 409 with other rooms.
 */

const HOTEL_TZ = 'Asia/Dhaka';
const VAT = 15;
const SERVICE = 10;
const PASSWORD = 'Booking#2026';
const today = todayAt(HOTEL_TZ);
/**
 * This test's own stretch of nights, far ahead (testDayOffset), with day(10) to day(14) in one
 * month: the check-out calendar opens on its own day's month, where an earlier day of another
 * month is not shown.
 */
function stayDays(): (n: number) => string {
  let base = testDayOffset(150, 150);
  while (Number(addDays(today, base + 10).slice(8, 10)) > 14) base += 1;
  return (n: number) => addDays(today, base + n);
}

interface Room {
  _id: string;
  category: string;
  price: number;
  room_overview: { room_number: string };
}

/** 'ddd, MMM D', as the date pop-ups show a day. */
function shortDate(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  const part = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...o, timeZone: 'UTC' }).format(d);
  return `${part({ weekday: 'short' })}, ${part({ month: 'short' })} ${part({ day: 'numeric' })}`;
}

/** 'ddd, MMM D, YYYY': a date with its year. */
function longDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

/** The notice of /login and /sign-up for a guest sent there by Book. */
function bookingNotice(room: string, checkIn: string, checkOut: string, nights: string): string {
  const start = checkIn.slice(0, 4) === checkOut.slice(0, 4) ? shortDate(checkIn) : longDate(checkIn);
  return `You're booking ${room}, ${start} – ${longDate(checkOut)} (${nights}). Log in or sign up to continue.`;
}

const taka = (amount: number) =>
  `৳${new Intl.NumberFormat('en-IN', Number.isInteger(amount) ? {} : { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

async function apiToken(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const res = await request.post('/api/auth/login', { data: who });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.token;
}

async function newGuest(request: APIRequestContext, name: string) {
  const who = { email: uniqueEmail('booker'), password: PASSWORD };
  const res = await request.post('/api/auth/register', { data: { ...who, name } });
  expect(res.status()).toBe(201);
  return who;
}

async function freeRooms(request: APIRequestContext, checkIn: string, checkOut: string, adults: number, children: number): Promise<Room[]> {
  return freeRoomsFor(request, checkIn, checkOut, { adults, children });
}

/** Opens a date pop-up (unless open), pages to the month of `iso` and picks it. */
async function pickDay(page: Page, field: 'check-in' | 'check-out', iso: string) {
  const dialog = page.getByTestId(`${field}-dialog`);
  // A check-in picked with a click has opened the check-out calendar already.
  if (!(await dialog.isVisible())) await page.getByTestId(field).click();
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 14 && (await dialog.locator(`[data-day="${iso}"]`).count()) === 0; i += 1) {
    await dialog.getByTestId('calendar-next').click();
  }
  await dialog.locator(`[data-day="${iso}"]`).click();
  await expect(dialog).toBeHidden();
}

async function setGuests(page: Page, adults: number, children: number) {
  await page.getByTestId('guest-picker').click();
  const dialog = page.getByTestId('guest-picker-dialog');
  for (const [who, want] of [['adults', adults], ['children', children]] as const) {
    for (let i = 0; i < 4 && Number(await dialog.getByTestId(`${who}-count`).textContent()) < want; i += 1) {
      await dialog.getByTestId(`${who}-plus`).click();
    }
  }
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

function card(page: Page, category: string): Locator {
  return page.locator(`[data-testid="rate-card"][data-category="${category}"]`);
}

/** The stay both tests of 'booking a room' ask for, on nights of the test's own. */
function stayOf(day: (n: number) => string) {
  const stay = { checkIn: day(13), checkOut: day(15), adults: 2, children: 1 };
  return { stay, query: `checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&adults=2&children=1` };
}

/** A 10 % coupon of this test's own, made by the admin. */
async function newCoupon(request: APIRequestContext): Promise<string> {
  const admin = await apiToken(request, DEMO.admin);
  const coupon = uniqueName('E2E').replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  const res = await request.post('/api/coupons', {
    headers: { authorization: `Bearer ${admin}` },
    data: { code: coupon, discountType: 'percentage', discountValue: 10, expirationDate: addDays(today, 400), minimumPurchaseAmount: 0, usageLimit: 0 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return coupon;
}

test.describe('booking a room', () => {
  test('a guest picks the stay in the booking bar, signs up, applies a coupon and books', async ({ page, request }) => {
    const day = stayDays();
    const { stay, query } = stayOf(day);
    const coupon = await newCoupon(request);
    const guest = { email: uniqueEmail('booker'), password: PASSWORD };
    await page.goto('/');
    // The bar's height is kept from the first paint: the page does not move when it arrives.
    const mainTop = () => page.getByTestId('page-content').evaluate((el) => el.getBoundingClientRect().top);
    const before = await mainTop();
    const bar = page.getByTestId('booking-bar');
    await expect(bar).toBeVisible();
    expect(await mainTop()).toBe(before);
    await expect(page.getByTestId('reserve-button')).toHaveCount(0);
    await expect(page.getByTestId('check-in-value')).toHaveText(shortDate(today));
    await expect(page.getByTestId('check-out-value')).toHaveText(shortDate(addDays(today, 1)));
    await expect(page.getByTestId('guest-picker')).toContainText('1 Room & Guests');
    await expect(page.getByTestId('guest-picker-value')).toHaveText('1 Adult');

    // Past days are disabled for check-in; today is not.
    await page.getByTestId('check-in').click();
    const calendar = page.getByTestId('check-in-dialog');
    const days = await calendar.locator('button[data-day]').evaluateAll((buttons) =>
      buttons.map((b) => ({ day: b.getAttribute('data-day')!, disabled: (b as HTMLButtonElement).disabled })),
    );
    expect(days.filter((d) => d.day < today).every((d) => d.disabled)).toBe(true);
    expect(days.filter((d) => d.day >= today).every((d) => !d.disabled)).toBe(true);
    await expect(calendar.getByTestId('calendar-prev')).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
    // Escape closes it without choosing.
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();

    await pickDay(page, 'check-in', day(10));
    await expect(page.getByTestId('check-out-value')).toHaveText(shortDate(day(11)));
    await pickDay(page, 'check-out', day(12));
    // Check-out: the days up to and including check-in are disabled.
    await page.getByTestId('check-out').click();
    const out = page.getByTestId('check-out-dialog');
    await expect(out.locator(`[data-day="${day(10)}"]`)).toBeDisabled();
    await expect(out.locator(`[data-day="${day(11)}"]`)).toBeEnabled();
    await page.keyboard.press('Escape');
    // A check-in later than check-out moves check-out to the next day.
    await pickDay(page, 'check-in', stay.checkIn);
    await expect(page.getByTestId('check-in-value')).toHaveText(shortDate(stay.checkIn));
    await expect(page.getByTestId('check-out-value')).toHaveText(shortDate(day(14)));
    await pickDay(page, 'check-out', stay.checkOut);
    await expect(page.getByTestId('check-out-value')).toHaveText(shortDate(stay.checkOut));

    // Guests: plus is disabled at 3 in total; an outside click does not commit.
    await page.getByTestId('guest-picker').click();
    const picker = page.getByTestId('guest-picker-dialog');
    await expect(picker.getByTestId('adults-minus')).toBeDisabled();
    await picker.getByTestId('adults-plus').click();
    await page.mouse.click(1100, 600);
    await expect(picker).toBeHidden();
    await expect(page.getByTestId('guest-picker-value')).toHaveText('1 Adult');
    await page.getByTestId('guest-picker').click();
    await picker.getByTestId('adults-plus').click();
    await picker.getByTestId('children-plus').click();
    await expect(picker.getByTestId('adults-plus')).toBeDisabled();
    await expect(picker.getByTestId('children-plus')).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
    await picker.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('guest-picker-value')).toHaveText('2 Adults, 1 Child');

    await bar.getByRole('button', { name: 'Check Availability' }).click();
    // The search is in the address (a reload or a shared link keeps it).
    await expect(page).toHaveURL(new RegExp(`/view-rates\\?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&adults=2&children=1$`));
    await expect(page.getByTestId('stay-summary')).toContainText('2 nights');
    await expect(page.getByTestId('stay-summary')).toContainText('2 Adults, 1 Child');

    // Only rooms that fit 2 adults and 1 child, free for the whole stay: Twin Garden takes no children.
    const free = await freeRooms(request, stay.checkIn, stay.checkOut, 2, 1);
    const categories = [...new Set(free.map((r) => r.category))];
    expect(categories).not.toContain('Twin Garden');
    await expect(page.getByTestId('rate-card')).toHaveCount(categories.length);
    await expect(card(page, 'Twin Garden')).toHaveCount(0);
    const king = card(page, 'Deluxe King');
    const kings = free.filter((r) => r.category === 'Deluxe King').sort((a, b) => a.price - b.price);
    await expect(king.getByTestId('free-count')).toHaveText(`${kings.length} rooms left`);
    await expect(king.getByTestId('rack-rate')).toContainText('৳12,000');
    // The stay's total with the hotel's 10 % service charge and 15 % VAT, as the booking page will charge it.
    const kingStay = priceStay({ nights: 2, perNightCost: kings[0].price, serviceChargePercent: 10, vatPercent: 15 });
    await expect(king.getByTestId('stay-total')).toContainText(taka(kingStay.amount));
    await expect(king.getByTestId('stay-total-breakdown')).toHaveText(
      `${taka(kingStay.withOutVatAndService)} room + ${taka(kingStay.serviceCharge)} service charge (10%) + ${taka(kingStay.vat)} VAT (15%)`,
    );
    // Who it sleeps: its real limits (2 adults and a child), not "up to 3 guests".
    await expect(king.getByTestId('rate-capacity')).toHaveText('2 adults + 1 child (3 guests at most)');

    // Book: signed out, the guest is sent to log in, told what they were booking, creates an
    // account instead, and comes back with the stay intact.
    await king.getByTestId('book-button').click();
    await expect(page).toHaveURL(/\/login$/);
    const notice = bookingNotice('Deluxe King', stay.checkIn, stay.checkOut, '2 nights');
    await expect(page.getByTestId('booking-intent')).toHaveText(notice);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await expect(page.getByTestId('booking-intent')).toHaveText(notice);
    await page.getByLabel('Full name').fill('Farhana Akter');
    await page.getByLabel('E-mail').fill(guest.email);
    await page.getByLabel('Password', { exact: true }).fill(guest.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(new RegExp(`/booking/[0-9a-f-]{36}\\?${query.replace(/[?&]/g, '\\$&')}$`));
    const roomId = new URL(page.url()).pathname.split('/').pop()!;
    const booked = free.find((r) => r._id === roomId)!;
    expect(booked.category).toBe('Deluxe King');
    await expect(page.getByTestId('booking-bar')).toHaveCount(0);
    await expect(page.getByTestId('booking-bar-slot')).toHaveCount(0);
    await expect(page.getByTestId('check-in-value')).toHaveText(shortDate(stay.checkIn));
    await expect(page.getByTestId('check-out-value')).toHaveText(shortDate(stay.checkOut));
    await expect(page.getByTestId('guest-picker-value')).toHaveText('2 Adults, 1 Child');
    await expect(page.getByTestId('booking-nights')).toHaveText('(2 nights)');
    await expect(page.getByTestId('booking-room-name')).toHaveText('Deluxe King');

    // A reload keeps the stay (it is in the URL).
    await page.reload();
    await expect(page.getByTestId('check-in-value')).toHaveText(shortDate(stay.checkIn));
    await expect(page.getByTestId('guest-picker-value')).toHaveText('2 Adults, 1 Child');

    // The form: a phone is required.
    await page.getByTestId('confirm-booking').click();
    await expect(page.getByText('Enter a phone number so that we can reach you.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Phone').fill('+880 1712-345678');
    await page.getByLabel('Address (optional)').fill('House 4, Road 11, Banani, Dhaka');
    await page.getByLabel('Airport shuttle').check();

    const plain = priceStay({ nights: 2, perNightCost: booked.price, serviceChargePercent: SERVICE, vatPercent: VAT });
    await expect(page.getByTestId('price-total')).toHaveText(taka(plain.amount));
    await expect(page.getByTestId('price-discount')).toHaveCount(0);

    // A code that does not exist says why; the one made by the admin applies.
    await page.getByLabel('Coupon code').fill('NO-SUCH-CODE');
    await page.getByTestId('apply-coupon').click();
    await expect(page.getByTestId('coupon-note')).toHaveText('There is no coupon with this code.');
    await page.getByLabel('Coupon code').fill(coupon.toLowerCase());
    await page.getByTestId('apply-coupon').click();
    const price = priceStay({
      nights: 2,
      perNightCost: booked.price,
      discount: { type: 'percentage', value: 10 },
      serviceChargePercent: SERVICE,
      vatPercent: VAT,
    });
    await expect(page.getByTestId('coupon-note')).toContainText(`Coupon ${coupon} applied: 10% off`);
    await expect(page.getByTestId('price-nights')).toHaveText(taka(price.subtotal));
    await expect(page.getByTestId('booking-summary')).toContainText(`2 nights × ${taka(booked.price)}`);
    await expect(page.getByTestId('price-subtotal')).toHaveText(taka(price.subtotal));
    await expect(page.getByTestId('price-discount')).toHaveText(`−${taka(price.discount)}`);
    await expect(page.getByTestId('price-service')).toHaveText(taka(price.serviceCharge));
    await expect(page.getByTestId('price-vat')).toHaveText(taka(price.vat));
    await expect(page.getByTestId('price-total')).toHaveText(taka(price.amount));

    await page.getByTestId('confirm-booking').click();
    // One room is a reservation of one room: its confirmation is the reservation's.
    await expect(page).toHaveURL(/\/booking\/reservation\/[^/?#]+$/);
    const confirmation = page.getByTestId('reservation-confirmation');
    await expect(confirmation.getByTestId('transaction-id')).toHaveText(/^RSV-[A-Z0-9]{8}$/);
    await expect(confirmation.getByTestId('receipt-amount')).toHaveText(taka(price.amount));
    await expect(confirmation.getByTestId('receipt-room')).toHaveText(`Deluxe King · Room ${booked.room_overview.room_number}`);
    await expect(confirmation.getByTestId('receipt-shuttle')).toHaveText('Yes');
    await expect(confirmation.getByTestId('receipt-guests')).toHaveText('2 Adults, 1 Child');
    await expect(confirmation.getByRole('link', { name: 'My bookings' })).toHaveAttribute('href', '/user/my-bookings');
    await expect(confirmation.getByTestId('confirmation-state')).toHaveText('Received: the front desk will confirm it shortly.');
    await expect(confirmation.getByTestId('confirmation-payment')).toHaveText(`Not paid yet: ${taka(price.amount)} to pay.`);

    // The server stored what the page showed.
    const token = await apiToken(request, guest);
    const reservationId = new URL(page.url()).pathname.split('/').pop();
    const reservation = (await (await request.get(`/api/reservations/${reservationId}`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
    expect(reservation.bookings).toHaveLength(1);
    const saved = reservation.bookings[0];
    const bookingId = saved._id as string;
    expect(saved).toMatchObject({ amount: price.amount, discount: price.discount, couponCode: coupon, airportShuttle: true, startDate: stay.checkIn, endDate: stay.checkOut });

    // Staff confirm it and the guest pays: the page, opened again, says so (not "confirms shortly").
    const staff = { authorization: `Bearer ${await apiToken(request, DEMO.staff)}` };
    expect((await request.patch(`/api/bookings/${bookingId}`, { headers: staff, data: { isConfirmed: true } })).ok()).toBe(true);
    expect((await request.post(`/api/bookings/${bookingId}/payments`, { headers: staff, data: { amount: price.amount, method: 'cash' } })).ok()).toBe(true);
    await page.reload();
    await expect(confirmation.getByTestId('confirmation-state')).toHaveText('Confirmed: we look forward to welcoming you.');
    await expect(confirmation.getByTestId('confirmation-payment')).toHaveText(`Paid in full: ${taka(price.amount)}.`);
    await expect(confirmation).not.toContainText('shortly');
  });

  test('the next guest is not offered that room for those nights, and a room taken meanwhile answers 409 with others', async ({ page, request }) => {
    const { stay, query } = stayOf(stayDays());
    // Someone has booked the cheapest free Deluxe King for the stay.
    const kings = (await freeRooms(request, stay.checkIn, stay.checkOut, 2, 1))
      .filter((r) => r.category === 'Deluxe King')
      .sort((a, b) => a.price - b.price);
    const booked = kings[0]!;
    const first = await apiToken(request, await newGuest(request, 'Farhana Akter'));
    const res = await request.post('/api/bookings', {
      headers: { authorization: `Bearer ${first}` },
      data: { roomId: booked._id, ...stay, phone: '01711-000000', airportShuttle: false },
    });
    expect(res.status(), await res.text()).toBe(201);
    const guest = await newGuest(request, 'Tanvir Hasan');
    await login(page, guest);

    // Forced to the booked room: it is not free, other rooms are offered (Deluxe King first).
    await page.goto(`/booking/${booked._id}?${query}`);
    await expect(page.getByTestId('stay-notice')).toHaveText(/This room is not free for these dates/);
    await expect(page.getByTestId('confirm-booking')).toBeDisabled();
    const offered = page.getByTestId('other-rooms').getByTestId('other-room');
    await expect(offered.first()).toContainText('Deluxe King');
    await expect(page.locator(`[data-testid="book-other-room"][href*="${booked._id}"]`)).toHaveCount(0);

    // The same stay on the rates page: one Deluxe King fewer, and not that one.
    await page.getByRole('banner').getByRole('link', { name: /Residency/ }).first().click();
    await expect(page.getByTestId('check-in-value')).toHaveText(shortDate(stay.checkIn));
    await page.getByTestId('booking-bar').getByRole('button', { name: 'Check Availability' }).click();
    const king = card(page, 'Deluxe King');
    await expect(king.getByTestId('free-count')).toHaveText(
      kings.length - 1 === 1 ? '1 room left' : `${kings.length - 1} rooms left`,
    );
    await expect(king.getByTestId('book-button')).not.toHaveAttribute('href', new RegExp(booked._id));

    // The guest opens another Deluxe King; someone books it before they confirm.
    await king.getByTestId('book-button').click();
    await expect(page).toHaveURL(/\/booking\/[0-9a-f-]{36}\?/);
    const takenId = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByTestId('stay-notice')).toHaveCount(0);
    await page.getByLabel('Phone').fill('01812-345678');
    const someoneElse = await apiToken(request, await newGuest(request, 'Quick Booker'));
    const quick = await request.post('/api/bookings', {
      headers: { authorization: `Bearer ${someoneElse}` },
      data: { roomId: takenId, checkIn: stay.checkIn, checkOut: stay.checkOut, adults: 2, children: 1, phone: '01911-000000', airportShuttle: false },
    });
    expect(quick.status()).toBe(201);
    await page.getByTestId('confirm-booking').click();
    await expect(page.getByTestId('booking-error')).toHaveText(
      'Sorry, this room was just booked for some of these dates. Please choose another room or other dates.',
    );
    await expect(page.getByTestId('confirm-booking')).toBeDisabled();
    const alternatives = page.getByTestId('booking-summary').getByTestId('other-room');
    await expect(alternatives.first()).toBeVisible();
    await alternatives.first().getByTestId('book-other-room').click();
    await expect(page).toHaveURL(new RegExp(`/booking/(?!${takenId})[0-9a-f-]{36}\\?`));
    await expect(page.getByTestId('booking-error')).toHaveCount(0);
    // The phone typed before is still there; the stay too.
    await expect(page.getByLabel('Phone')).toHaveValue('01812-345678');
    await expect(page.getByTestId('check-in-value')).toHaveText(shortDate(stay.checkIn));
    await page.getByTestId('confirm-booking').click();
    await expect(page.getByTestId('transaction-id')).toHaveText(/^RSV-[A-Z0-9]{8}$/);
  });
});

test('the rates page and its pop-ups in Bengali, which axe passes', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lng', 'bn'));
  await page.goto('/view-rates');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ভাড়া ও খালি রুম');
  await expect(page.getByTestId('stay-summary')).toContainText('১ রাত');
  await expect(page.getByTestId('stay-summary')).toContainText('১ জন প্রাপ্তবয়স্ক');
  await expect(page.getByTestId('booking-bar').getByRole('button', { name: 'খালি রুম দেখুন' })).toBeVisible();
  await expect(page.getByTestId('guest-picker')).toContainText('১টি রুম ও অতিথি');
  const king = card(page, 'Deluxe King');
  await expect(king.getByTestId('rate-name')).toHaveText('ডিলাক্স কিং');
  await expect(king.getByTestId('offer-price')).toHaveText(/৳[০-৯,]+$/);
  await expect(king).toContainText('প্রতি রাত');
  // The stay's total with service charge and VAT, beside the nightly price.
  await expect(king).toContainText('সার্ভিস চার্জ ও ভ্যাটসহ মোট (১ রাত)');
  await expect(king.getByTestId('book-button')).toHaveText('বুক করুন');
  await expect(page.getByTestId('category-chips').getByRole('button', { name: 'সব রুম' })).toHaveAttribute('aria-pressed', 'true');
  // One category at a time, from the chips.
  await page.getByTestId('category-chips').getByRole('button', { name: 'ডিলাক্স কিং' }).click();
  await expect(page.getByTestId('rate-card')).toHaveCount(1);
  await page.getByTestId('category-chips').getByRole('button', { name: 'ফ্যামিলি রুম' }).click();
  await expect(page.getByTestId('rate-card')).toHaveCount(1);
  await expect(page.getByTestId('rate-name')).toHaveText('ফ্যামিলি রুম');
  // Dates in Bengali in the pop-up.
  await page.getByTestId('check-in').click();
  await expect(page.getByTestId('check-in-dialog').getByTestId('calendar-title')).toHaveText(/[০-৯]{4}/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByTestId('guest-picker').click();
  await expect(page.getByTestId('guest-picker-dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('Reserve leads to /view-rates, where the guest searches and books', async ({ page, request }) => {
    const day = stayDays();
    const guest = await newGuest(request, 'Sadia Rahman');
    const checkIn = day(40);
    const checkOut = day(41);
    await page.goto('/');
    await expect(page.getByTestId('booking-bar-slot')).toBeHidden();
    await expect(page.getByTestId('booking-bar')).toHaveCount(0);
    await page.getByTestId('reserve-button').click();
    await expect(page).toHaveURL(/\/view-rates$/);
    await expect(page.getByTestId('reserve-button')).toHaveCount(0);

    const controls = page.getByTestId('rates-controls');
    await expect(controls).toBeVisible();
    await pickDay(page, 'check-in', checkIn);
    // A tapped check-in opens the check-out calendar by itself.
    await expect(page.getByTestId('check-out-dialog')).toBeVisible();
    await pickDay(page, 'check-out', checkOut);
    await expect(page.getByTestId('check-out-value')).toHaveText(shortDate(checkOut));
    await setGuests(page, 3, 0);
    await expect(page.getByTestId('guest-picker-value')).toHaveText('3 Adults');
    await expect(page.getByTestId('stay-summary')).toContainText('1 night');

    // Only categories that sleep 3 adults: Family Room.
    const free = await freeRooms(request, checkIn, checkOut, 3, 0);
    const categories = [...new Set(free.map((r) => r.category))];
    await expect(page.getByTestId('rate-card')).toHaveCount(categories.length);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByTestId('book-button').first().click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('E-mail').fill(guest.email);
    await page.getByLabel('Password', { exact: true }).fill(guest.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(new RegExp(`/booking/[0-9a-f-]{36}\\?checkIn=${checkIn}&checkOut=${checkOut}&adults=3&children=0$`));
    await expect(page.getByTestId('guest-picker-value')).toHaveText('3 Adults');
    await page.getByLabel('Phone').fill('01712-000111');
    await page.getByTestId('confirm-booking').click();
    await expect(page.getByTestId('transaction-id')).toHaveText(/^RSV-[A-Z0-9]{8}$/);
    const after = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(after).toBeLessThanOrEqual(0);
  });
});

test('staff book a walk-in guest at /guest/booking/{id}', async ({ page, request }) => {
  const day = stayDays();
  const checkIn = day(60);
  const checkOut = day(62);
  const [room] = await freeRooms(request, checkIn, checkOut, 1, 0);
  await login(page, DEMO.staff);
  await page.goto(`/guest/booking/${room._id}?checkIn=${checkIn}&checkOut=${checkOut}&adults=1&children=0`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Walk-in booking');
  await expect(page.getByTestId('booking-bar')).toHaveCount(0);
  await page.getByTestId('confirm-booking').click();
  await expect(page.getByText("Enter the guest's name.")).toBeVisible();
  await page.getByLabel("Guest's name").fill('Walk-in Guest');
  const email = uniqueEmail('walkin');
  await page.getByLabel("Guest's e-mail").fill(email);
  await page.getByLabel('Phone').fill('01555-000222');
  await page.getByTestId('confirm-booking').click();
  const done = page.getByTestId('walk-in-done');
  await expect(done).toContainText('Booked for Walk-in Guest');
  await expect(done.getByTestId('walk-in-mail')).toHaveText(`The confirmation goes to ${email}.`);
  await expect(done.getByTestId('transaction-id')).toHaveText(/^RSV-[A-Z0-9]{8}$/);
});
