import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { MAX_NIGHTS } from '@residency/shared/booking-rules';
import { addDays, todayAt } from '@residency/shared/dates';
import { expect, test, uniqueEmail } from './fixtures';

/*
 * The stay search's rules as a guest meets them on the real app: a room type that sleeps fewer
 * guests brings the search down to what it sleeps (and says so), the check-out calendar ends
 * MAX_NIGHTS nights after check-in, and a stay whose check-in has passed starts today instead,
 * with the same number of nights.
 */

const HOTEL_TZ = 'Asia/Dhaka';
/** Dhaka keeps UTC+6 all year (no summer time). */
const HOTEL_UTC_OFFSET_MS = 6 * 60 * 60 * 1000;
const today = todayAt(HOTEL_TZ);

interface Room {
  _id: string;
  category: string;
}

/** 'ddd, MMM D', as the date pop-ups and the stay summary show a day in English. */
function shortDate(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  const part = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...o, timeZone: 'UTC' }).format(d);
  return `${part({ weekday: 'short' })}, ${part({ month: 'short' })} ${part({ day: 'numeric' })}`;
}

async function freeRooms(request: APIRequestContext, checkIn: string, checkOut: string, adults: number, children: number): Promise<Room[]> {
  const guests = encodeURIComponent(JSON.stringify({ adults, children }));
  const res = await request.get(`/api/room?checkIn=${checkIn}&checkOut=${checkOut}&guests=${guests}&limit=1000`);
  expect(res.ok()).toBe(true);
  return (await res.json()).data;
}

/** A count as the picker shows it, in English or Bengali digits. */
const count = (text: string | null) => Number((text ?? '').replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6)));

/** Opens the guest picker, steps up to the counts with its plus buttons and commits with Done. */
async function chooseGuests(page: Page, adults: number, children: number) {
  await page.getByTestId('guest-picker').click();
  const dialog = page.getByTestId('guest-picker-dialog');
  await expect(dialog).toBeVisible();
  for (const [who, want] of [['adults', adults], ['children', children]] as const) {
    for (let i = 0; i < 4 && count(await dialog.getByTestId(`${who}-count`).textContent()) < want; i += 1) {
      await dialog.getByTestId(`${who}-plus`).click();
    }
  }
  await dialog.getByTestId('guests-done').click();
  await expect(dialog).toBeHidden();
}

/** Opens a date pop-up (unless open), pages to the month of `iso` and picks it. */
async function pickDay(page: Page, field: 'check-in' | 'check-out', iso: string) {
  const dialog = page.getByTestId(`${field}-dialog`);
  // A check-in picked with a click has opened the check-out calendar already.
  if (!(await dialog.isVisible())) await page.getByTestId(field).click();
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 6 && (await dialog.locator(`[data-day="${iso}"]`).count()) === 0; i += 1) {
    await dialog.getByTestId('calendar-next').click();
  }
  await dialog.locator(`[data-day="${iso}"]`).click();
  await expect(dialog).toBeHidden();
}

function card(page: Page, category: string): Locator {
  return page.locator(`[data-testid="rate-card"][data-category="${category}"]`);
}

/** The categories of the free rooms, once each. */
const categoriesOf = (rooms: Room[]) => [...new Set(rooms.map((r) => r.category))];

test.describe('a room type that sleeps fewer guests', () => {
  test('choosing Twin Garden with 3 adults brings the search down to 2 adults, says so and lists its rooms', async ({ page, request }) => {
    const tomorrow = addDays(today, 1);
    const forThree = await freeRooms(request, today, tomorrow, 3, 0);
    const twinsForTwo = (await freeRooms(request, today, tomorrow, 2, 0)).filter((r) => r.category === 'Twin Garden');
    // The demo hotel has free Twin Garden rooms, none of which sleeps 3.
    expect(twinsForTwo.length).toBeGreaterThan(0);
    expect(categoriesOf(forThree)).not.toContain('Twin Garden');

    await page.goto('/view-rates');
    await expect(page.getByTestId('rate-card').first()).toBeVisible();
    await chooseGuests(page, 3, 0);
    await expect(page.getByTestId('guest-picker-value')).toHaveText('3 Adults');
    await expect(page.getByTestId('stay-summary')).toContainText('3 Adults');
    await expect(page.getByTestId('rate-card')).toHaveCount(categoriesOf(forThree).length);
    await expect(card(page, 'Twin Garden')).toHaveCount(0);
    await expect(page.getByTestId('guests-fitted')).toHaveCount(0);

    const chips = page.getByTestId('category-chips');
    await chips.getByRole('button', { name: 'Twin Garden' }).click();
    await expect(chips.getByRole('button', { name: 'Twin Garden' })).toHaveAttribute('aria-pressed', 'true');

    // The page says why the guests changed, and the search is for what the room type sleeps.
    await expect(page.getByTestId('guests-fitted')).toHaveText('Twin Garden cannot sleep that many guests, so your search is now for 2 Adults.');
    await expect(page.getByTestId('guest-picker-value')).toHaveText('2 Adults');
    await expect(page.getByTestId('stay-summary')).toContainText('2 Adults');

    // Its rooms are listed: not "no room is free", not "cannot sleep".
    await expect(page.getByTestId('rate-card')).toHaveCount(1);
    const twin = card(page, 'Twin Garden');
    await expect(twin.getByTestId('rate-name')).toHaveText('Twin Garden');
    await expect(twin.getByTestId('free-count')).toHaveText(twinsForTwo.length === 1 ? '1 room left' : `${twinsForTwo.length} rooms left`);
    await expect(twin.getByTestId('book-button')).toHaveAttribute('href', /[?&]adults=2&children=0$/);
    await expect(page.getByTestId('rates-empty')).toHaveCount(0);
    await expect(page.getByTestId('rates-too-many-guests')).toHaveCount(0);

    // The guest picker now stops at what Twin Garden sleeps, and says so.
    await page.getByTestId('guest-picker').click();
    const picker = page.getByTestId('guest-picker-dialog');
    await expect(picker).toContainText('Twin Garden sleeps up to 2 adults and 0 children, 2 guests in all.');
    await expect(picker.getByTestId('adults-count')).toHaveText('2');
    await expect(picker.getByTestId('adults-plus')).toBeDisabled();
    await expect(picker.getByTestId('children-plus')).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();

    // Back to all room types: the note goes, the 2 adults stay.
    await chips.getByRole('button', { name: 'All rooms' }).click();
    await expect(page.getByTestId('guests-fitted')).toHaveCount(0);
    await expect(page.getByTestId('guest-picker-value')).toHaveText('2 Adults');
    await expect(card(page, 'Twin Garden')).toHaveCount(1);
  });
});

/**
 * A check-in at most a few days ahead whose last possible check-out is not near the end of its
 * month, so that the day after it is drawn in the same month (and must be disabled there).
 */
function checkInWithRoomAfterLastDay(): string {
  for (let k = 1; ; k += 1) {
    const checkIn = addDays(today, k);
    if (Number(addDays(checkIn, MAX_NIGHTS).slice(8, 10)) <= 27) return checkIn;
  }
}

// On a phone, where the date pop-up must also fit the screen; the booking bar on large screens
// opens the same calendar (booking.spec picks its days there).
test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test(`the check-out calendar ends ${MAX_NIGHTS} nights after check-in and says why`, async ({ page }) => {
    const checkIn = checkInWithRoomAfterLastDay();
    const last = addDays(checkIn, MAX_NIGHTS);
    const dayAfter = addDays(last, 1);
    await page.goto('/view-rates');
    // Phones search with the controls on the page, not the booking bar.
    await expect(page.getByTestId('rates-controls')).toHaveCount(1);
    await expect(page.getByTestId('booking-bar')).toHaveCount(0);
    await pickDay(page, 'check-in', checkIn);
    await expect(page.getByTestId('check-in-value')).toHaveText(shortDate(checkIn));

    // Picking check-in with a tap opened the check-out calendar at once.
    const dialog = page.getByTestId('check-out-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('calendar-note')).toHaveText(`One booking holds at most ${MAX_NIGHTS} nights.`);
    const next = dialog.getByTestId('calendar-next');
    let pages = 0;
    while (await next.isEnabled()) {
      await next.click();
      pages += 1;
      expect(pages, 'Next month never stops').toBeLessThanOrEqual(3);
    }
    // Paging stops on the month of the last check-out one booking can have.
    expect(pages).toBeGreaterThanOrEqual(1);
    const monthTitle = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${last}T00:00:00Z`));
    await expect(dialog.getByTestId('calendar-title')).toHaveText(monthTitle);
    await expect(next).toBeDisabled();
    await expect(dialog.locator(`[data-day="${last}"]`)).toBeEnabled();
    await expect(dialog.locator(`[data-day="${dayAfter}"]`)).toBeDisabled();
    const laterEnabled = await dialog
      .locator('button[data-day]')
      .evaluateAll((buttons, max) => buttons.filter((b) => b.getAttribute('data-day')! > max && !(b as HTMLButtonElement).disabled).length, last);
    expect(laterEnabled).toBe(0);
    await expect(dialog.getByTestId('calendar-note')).toBeVisible();

    // The pop-up stays inside the screen and the page does not scroll sideways.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // The keyboard cannot go past it either: PageDown from the last day stays on it.
    await dialog.locator(`[data-day="${last}"]`).focus();
    await page.keyboard.press('PageDown');
    await expect(dialog.locator(`[data-day="${last}"]`)).toBeFocused();

    // The last day can be chosen: a 60-night stay is searched, not refused.
    await dialog.locator(`[data-day="${last}"]`).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('check-out-value')).toHaveText(shortDate(last));
    await expect(page.getByTestId('stay-summary')).toContainText(`${MAX_NIGHTS} nights`);
    await expect(page.getByTestId('rate-card').first()).toBeVisible();
    await expect(page.getByTestId('rates-too-long')).toHaveCount(0);
  });
});

test.describe('a stay whose check-in has passed', () => {
  test('an old booking link, opened signed out, starts today after logging in, same nights, and the page says so', async ({ page, request }) => {
    const password = 'StayRules#2026';
    const email = uniqueEmail('stayrules');
    const res = await request.post('/api/auth/register', { data: { email, password, name: 'Nusrat Jahan' } });
    expect(res.status()).toBe(201);
    const nights = 3;
    const [room] = await freeRooms(request, today, addDays(today, nights), 1, 0);
    expect(room).toBeTruthy();
    const oldIn = addDays(today, -5);
    const oldOut = addDays(oldIn, nights);

    await page.goto(`/booking/${room._id}?checkIn=${oldIn}&checkOut=${oldOut}&adults=1&children=0`);
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();

    const newOut = addDays(today, nights);
    await expect(page).toHaveURL(new RegExp(`/booking/${room._id}\\?checkIn=${today}&checkOut=${newOut}&adults=1&children=0$`));
    await expect(page.getByTestId('stay-moved')).toHaveText(
      `The check-in date had passed, so the stay now starts today: ${shortDate(today)} – ${shortDate(newOut)}, the same number of nights. Please check the dates before you confirm.`,
    );
    await expect(page.getByTestId('check-in-value')).toHaveText(shortDate(today));
    await expect(page.getByTestId('check-out-value')).toHaveText(shortDate(newOut));
    await expect(page.getByTestId('booking-nights')).toHaveText(`(${nights} nights)`);
    await expect(page.getByTestId('stay-notice')).toHaveCount(0);
    await expect(page.getByTestId('confirm-booking')).toBeEnabled();

    // A reload keeps the moved stay (the URL holds it now) without saying it again.
    await page.reload();
    await expect(page.getByTestId('check-in-value')).toHaveText(shortDate(today));
    await expect(page.getByTestId('stay-moved')).toHaveCount(0);

    // The rest of the site searches the moved stay: the booking bar on the home page.
    await page.getByRole('banner').getByRole('link', { name: /Residency/ }).first().click();
    await expect(page.getByTestId('booking-bar')).toBeVisible();
    await expect(page.getByTestId('check-in-value')).toHaveText(shortDate(today));
    await expect(page.getByTestId('check-out-value')).toHaveText(shortDate(newOut));
  });

  test('a rates page left open past the hotel’s midnight moves the stay to the new day, same nights', async ({ page }) => {
    const now = Date.now();
    await page.clock.install({ time: now });
    const nights = 3;
    await page.goto('/view-rates');
    await expect(page.getByTestId('rate-card').first()).toBeVisible();
    await pickDay(page, 'check-out', addDays(today, nights));
    await expect(page.getByTestId('stay-summary')).toContainText(`${nights} nights`);
    await expect(page.getByTestId('check-in-value')).toHaveText(shortDate(today));

    // One minute past the next midnight in Dhaka.
    const nextMidnight = Date.parse(`${addDays(today, 1)}T00:00:00Z`) - HOTEL_UTC_OFFSET_MS;
    await page.clock.fastForward(nextMidnight - now + 60_000);

    const newToday = addDays(today, 1);
    await expect(page.getByTestId('check-in-value')).toHaveText(shortDate(newToday));
    await expect(page.getByTestId('check-out-value')).toHaveText(shortDate(addDays(newToday, nights)));
    await expect(page.getByTestId('stay-summary')).toContainText(`${nights} nights`);
    await expect(page.getByTestId('stay-summary')).toContainText(`${shortDate(newToday)} – ${shortDate(addDays(newToday, nights))}`);
    await expect(page.getByTestId('rate-card').first()).toBeVisible();
    // The day that was today can no longer be chosen.
    await page.getByTestId('check-in').click();
    const calendar = page.getByTestId('check-in-dialog');
    await expect(calendar.locator(`[data-day="${newToday}"]`)).toBeEnabled();
    await expect(calendar.getByTestId('calendar-prev')).toBeDisabled();
    if (today.slice(0, 7) === newToday.slice(0, 7)) await expect(calendar.locator(`[data-day="${today}"]`)).toBeDisabled();
  });
});
