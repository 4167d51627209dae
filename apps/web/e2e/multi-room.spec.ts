import { addDays, todayAt } from '@residency/shared/dates';
import { formatAmount } from '@residency/shared/display';
import { expect, seriousViolations, sidewaysOverflow, signIn, test, testDayOffset } from './fixtures';

/**
 * Several rooms in one reservation (issue 22): parents and three children, on a phone in Bengali,
 * choose a Family Room and a Deluxe King on /view-rates, each with its own guests, book both with
 * one Confirm, and get one reference for the two rooms.
 */

/** Nights of this test's own, far past the other specs' stays. */
const ownDays = () => addDays(todayAt('Asia/Dhaka'), testDayOffset(5400, 200));

const FAMILY = 'Family Room';
const KING = 'Deluxe King';

test('a family books two rooms in one reservation, in Bengali at 375 px', async ({ page, api, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(() => localStorage.setItem('lng', 'bn'));
  const guest = await api.newGuest('Nasrin Family');
  await signIn(page, api, guest);
  const checkIn = ownDays();
  const checkOut = addDays(checkIn, 2);
  await page.goto(`/view-rates?checkIn=${checkIn}&checkOut=${checkOut}&adults=2&children=1`);

  // A room of each type on its Standard plan: each starts with the guests searched for.
  const plan = (category: string) => page.locator(`[data-testid="rate-card"][data-category="${category}"] [data-testid="rate-plan"][data-plan="STD"]`);
  await plan(FAMILY).getByTestId('add-room').click();
  await expect(plan(FAMILY).getByTestId('added-count')).toHaveText('১টি রুম বেছে নেওয়া হয়েছে');
  await plan(KING).getByTestId('add-room').click();
  await expect(page.getByTestId('rooms-bar')).toContainText('২টি রুম');

  // The list of rooms: one parent and two children in the Family Room, one parent and a child in the King.
  await page.getByTestId('review-rooms').click();
  const chooser = page.getByTestId('room-chooser');
  await expect(chooser.getByRole('heading', { name: 'আপনার রুমগুলো' })).toBeFocused();
  const [family, king] = [chooser.getByTestId('chosen-room').nth(0), chooser.getByTestId('chosen-room').nth(1)];
  await expect(family.getByTestId('chosen-room-name')).toHaveText('রুম ১: ফ্যামিলি রুম');
  await family.getByRole('button', { name: 'রুম ১-এ (ফ্যামিলি রুম) প্রাপ্তবয়স্ক কমান' }).click();
  await family.getByRole('button', { name: 'রুম ১-এ (ফ্যামিলি রুম) শিশু বাড়ান' }).click();
  await expect(family.getByTestId('chosen-room-guests')).toHaveText('১ জন প্রাপ্তবয়স্ক, ২ জন শিশু');
  await king.getByTestId('room-adults-minus').click();
  await expect(king.getByTestId('chosen-room-guests')).toHaveText('১ জন প্রাপ্তবয়স্ক, ১ জন শিশু');
  await expect(chooser.getByTestId('rooms-count')).toHaveText('২টি রুম · ৫ জন অতিথি');
  await expect(chooser.getByTestId('rooms-total-amount')).toHaveText(/^৳[০-৯,.]+$/);
  const chosenTotal = await chooser.getByTestId('rooms-total-amount').textContent();
  expect(await sidewaysOverflow(page)).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);

  await chooser.getByTestId('book-rooms').click();
  await expect(page).toHaveURL(/\/booking\/rooms\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('আপনার রিজার্ভেশন সম্পন্ন করুন');
  const prices = page.getByTestId('room-price');
  await expect(prices).toHaveCount(2);
  await expect(prices.nth(0)).toContainText('১ জন প্রাপ্তবয়স্ক, ২ জন শিশু');
  // The same total as on the rates page: each room priced as the server will.
  const total = page.getByTestId('price-total').last();
  await expect(total).toHaveText(chosenTotal!);
  await page.getByRole('textbox', { name: 'ফোন' }).fill('01712-345678');
  await expect(page.getByTestId('confirm-booking')).toHaveText('২টি রুম নিশ্চিত করুন');
  expect(await sidewaysOverflow(page)).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('confirm-booking').click();

  // One reference for both rooms, each with its guests, and one total.
  await expect(page).toHaveURL(/\/booking\/reservation\/[0-9a-f-]{36}$/);
  const confirmation = page.getByTestId('reservation-confirmation');
  await expect(confirmation.getByTestId('reservation-reference')).toHaveText(/^RSV-/);
  await expect(confirmation.getByTestId('reservation-room')).toHaveCount(2);
  await expect(confirmation.getByTestId('reservation-room').nth(0)).toContainText('ফ্যামিলি রুম');
  await expect(confirmation.getByTestId('reservation-room').nth(0)).toContainText('১ জন প্রাপ্তবয়স্ক, ২ জন শিশু');
  await expect(confirmation.getByTestId('reservation-room').nth(1)).toContainText('ডিলাক্স কিং');
  await expect(confirmation.getByTestId('price-total')).toHaveText(chosenTotal!);
  expect(await sidewaysOverflow(page)).toBe(0);

  // As the API keeps it: one reservation of two rooms, its guests and its amount.
  const id = page.url().split('/').at(-1)!;
  const res = await request.get(`/api/reservations/${id}`, { headers: guest.headers });
  expect(res.ok()).toBe(true);
  const reservation = (await res.json()).data as { reference: string; amount: number; bookings: { room: { category: string }; adults: number; children: number }[] };
  expect(reservation.bookings.map((b) => [b.room.category, b.adults, b.children])).toEqual([
    [FAMILY, 1, 2],
    [KING, 1, 1],
  ]);
  expect(formatAmount(reservation.amount, 'bn')).toBe(chosenTotal);
  await expect(confirmation.getByTestId('reservation-reference')).toHaveText(reservation.reference);
});
