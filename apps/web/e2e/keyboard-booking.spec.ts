import type { Locator, Page } from '@playwright/test';
import { addDays, todayAt } from '@residency/shared/dates';
import { expect, test, testDayOffset, uniqueEmail } from './fixtures';

/*
 * A guest books with only the keyboard (Tab, Shift+Tab, Enter, Space, arrows, Escape): from the
 * home page's booking bar through the dates, the guests, the rates, the login and the booking form
 * to the confirmation. After every key the focus is visible: on screen, not hidden under the
 * cookie banner or a sticky bar, and drawn with a ring of the site's focus colours. Every pop-up
 * gives the focus back to its opener, and one that the focus leaves closes.
 */

// A fresh visitor: the cookie banner is up, as a first-time guest sees it.
test.use({ freshVisitor: true });

const PASSWORD = 'Keyboard#2026';
const today = todayAt('Asia/Dhaka');

/** Why the focused element does not count as visibly focused, or null when it does. */
async function focusProblem(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    // Buttons fade their colours (the ring's too) for 150 ms: judge the ring once it is drawn.
    await Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => null)));
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return 'the focus is on <body>';
    const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}[${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}]`;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return `${name} has no size`;
    if (r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) return `${name} is off screen`;
    // The ring: an outline in the focus colours (dark teal, or light gold on dark parts), or the
    // fields' dark teal ring (a box shadow).
    const cs = getComputedStyle(el);
    const ringColours = [
      [20, 80, 79],
      [240, 211, 138],
    ];
    // Colours come back converted (rgb(20, 79, 78) for #14504f): near enough counts.
    const isRing = (css: string) =>
      [...css.matchAll(/rgba?\((\d+), (\d+), (\d+)/g)].some((m) =>
        ringColours.some((c) => c.every((v, i) => Math.abs(v - Number(m[i + 1])) <= 2)),
      );
    const outlined = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2 && isRing(cs.outlineColor);
    const ringed = isRing(cs.boxShadow);
    if (!outlined && !ringed) return `${name} shows no focus ring (outline ${cs.outlineStyle} ${cs.outlineColor}, shadow ${cs.boxShadow})`;
    // Nothing drawn over it: the middle of its visible part hits the element itself.
    const x = Math.min(Math.max((r.left + r.right) / 2, 1), innerWidth - 2);
    const y = Math.min(Math.max((r.top + r.bottom) / 2, 1), innerHeight - 2);
    const hit = document.elementFromPoint(x, y);
    if (hit && !el.contains(hit) && !hit.contains(el)) {
      const over = hit.closest('[data-testid]')?.getAttribute('data-testid') ?? hit.tagName.toLowerCase();
      return `${name} is covered by ${over}`;
    }
    return null;
  });
}

async function expectFocusVisible(page: Page, step: string) {
  expect(await focusProblem(page), step).toBeNull();
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking the focus after every press. */
async function tabTo(page: Page, target: Locator, options: { back?: boolean; max?: number } = {}): Promise<number> {
  const key = options.back ? 'Shift+Tab' : 'Tab';
  for (let presses = 1; presses <= (options.max ?? 60); presses++) {
    await page.keyboard.press(key);
    await expectFocusVisible(page, `after ${presses} × ${key}`);
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
  }
  throw new Error(`${key} never reached ${target}`);
}

async function press(page: Page, key: string, times = 1) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

async function expectFocused(locator: Locator) {
  await expect.poll(() => locator.evaluate((el) => el === document.activeElement)).toBe(true);
}

/** The calendar is open on `from` (focused); arrows walk to `to`, and Enter picks it. */
async function pickWithArrows(page: Page, dialog: Locator, from: string, to: string) {
  await expectFocused(dialog.locator(`[data-day="${from}"]`));
  let at = from;
  while (addDays(at, 7) <= to) {
    await page.keyboard.press('ArrowDown');
    at = addDays(at, 7);
  }
  while (at < to) {
    await page.keyboard.press('ArrowRight');
    at = addDays(at, 1);
  }
  await expectFocused(dialog.locator(`[data-day="${to}"]`));
  await expectFocusVisible(page, `day ${to}`);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

async function signUpGuest(page: Page): Promise<{ email: string; password: string }> {
  const guest = { email: uniqueEmail('keyboard'), password: PASSWORD };
  const res = await page.request.post('/api/auth/register', { data: { ...guest, name: 'Keya Rahman' } });
  expect(res.status()).toBe(201);
  return guest;
}

async function expectHeadingFocused(page: Page, name: RegExp | string) {
  await expect(page.locator('main h1')).toHaveText(name);
  await expectFocused(page.locator('main h1'));
  await expectFocusVisible(page, 'the new page');
}

test('desktop: a guest books a room from the booking bar to the confirmation with the keyboard alone', async ({ page }) => {
  const guest = await signUpGuest(page);
  // Far ahead, on nights of this test's own.
  const checkIn = addDays(today, testDayOffset(200, 200));
  const checkOut = addDays(checkIn, 2);
  await page.goto('/');
  const bar = page.getByTestId('booking-bar');
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('cookie-consent')).toBeVisible();

  // The first Tab shows "Skip to content"; it lands on the booking bar, not past it.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await expectFocusVisible(page, 'skip link');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('check-in')).toBeFocused();
  await expectFocusVisible(page, 'check-in after skipping');

  // Check-in: Enter opens the calendar on the chosen day; arrows walk; Enter picks and gives the
  // focus back to the field.
  await page.keyboard.press('Enter');
  await pickWithArrows(page, page.getByTestId('check-in-dialog'), today, checkIn);
  await expect(page.getByTestId('check-in')).toBeFocused();

  // A calendar that the focus tabs out of closes: two never overlap.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('check-in-dialog')).toBeVisible();
  await tabTo(page, page.getByTestId('check-out'));
  await expect(page.getByTestId('check-in-dialog')).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: /check-out/i })).toHaveCount(1);
  await pickWithArrows(page, page.getByTestId('check-out-dialog'), addDays(checkIn, 1), checkOut);
  await expect(page.getByTestId('check-out')).toBeFocused();

  // Guests: Space on + up to the limit keeps the focus on the button (it does nothing more),
  // Shift+Tab back, Done returns the focus to the field.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('guest-picker')).toBeFocused();
  await page.keyboard.press('Enter');
  const picker = page.getByTestId('guest-picker-dialog');
  await tabTo(page, picker.getByTestId('adults-plus'));
  await press(page, 'Space', 3);
  await expect(picker.getByTestId('adults-count')).toHaveText('3');
  await expect(picker.getByTestId('adults-plus')).toBeFocused();
  await expect(picker.getByTestId('adults-plus')).toHaveAttribute('aria-disabled', 'true');
  await expectFocusVisible(page, 'plus at its limit');
  await tabTo(page, picker.getByTestId('adults-minus'), { back: true });
  await page.keyboard.press('Space');
  await tabTo(page, picker.getByTestId('children-plus'));
  await page.keyboard.press('Space');
  await expect(picker.getByTestId('children-count')).toHaveText('1');
  await tabTo(page, picker.getByTestId('guests-done'));
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('guest-picker')).toBeFocused();
  await expect(page.getByTestId('guest-picker-value')).toHaveText('2 Adults, 1 Child');

  // The rates: the new page's heading has the focus.
  await tabTo(page, bar.getByRole('button', { name: 'Check Availability' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/view-rates/);
  await expectHeadingFocused(page, 'Rates & availability');
  const book = page.getByTestId('rate-card').first().getByTestId('book-button');
  await tabTo(page, book, { max: 120 });
  await page.keyboard.press('Enter');

  // Signed out: the login page, its heading focused; type, Tab, Enter.
  await expect(page).toHaveURL(/\/login$/);
  await expectHeadingFocused(page, 'Welcome back');
  await tabTo(page, page.getByLabel('E-mail'));
  await page.keyboard.type(guest.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(guest.password);
  await page.keyboard.press('Enter');

  // The booking form: its heading focused; the phone, the shuttle with Space, then Confirm.
  await expect(page).toHaveURL(/\/booking\/[0-9a-f-]{36}\?/);
  await expectHeadingFocused(page, /.+/);
  await expect(page.getByTestId('guest-picker-value')).toHaveText('2 Adults, 1 Child');
  await tabTo(page, page.getByLabel('Phone'));
  await page.keyboard.type('+880 1712-345678');
  await tabTo(page, page.getByLabel('Airport shuttle'));
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Airport shuttle')).toBeChecked();
  await tabTo(page, page.getByTestId('confirm-booking'));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/booking\/reservation\/[^/?#]+$/);
  await expectHeadingFocused(page, /.+/);
  await expect(page.getByTestId('reservation-confirmation')).toBeVisible();

  // The cookie banner was up the whole way without hiding the focus. Escape on a control that
  // opened nothing answers it "not now" (nothing stored); the focus stays where it was.
  await expect(page.getByTestId('cookie-consent')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('cookie-consent')).toBeHidden();
  await expectFocused(page.locator('main h1'));
  expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBeNull();
});

test('phone: Reserve, the stay fields and Book with the keyboard, never under the cookie banner', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const checkIn = addDays(today, testDayOffset(200, 200));
  await page.goto('/');
  await expect(page.getByTestId('cookie-consent')).toBeVisible();
  const reserve = page.getByTestId('reserve-button');
  await expect(reserve).toBeVisible();

  // The fixed Reserve link sits above the banner, so the focus on it is seen.
  await tabTo(page, reserve, { max: 80 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/view-rates/);
  await expectHeadingFocused(page, 'Rates & availability');

  // The stacked stay fields: each control the focus reaches is scrolled clear of the banner.
  await tabTo(page, page.getByTestId('check-in'));
  await page.keyboard.press('Enter');
  await pickWithArrows(page, page.getByTestId('check-in-dialog'), today, checkIn);
  await expect(page.getByTestId('check-in')).toBeFocused();
  await tabTo(page, page.getByTestId('guest-picker'));
  await page.keyboard.press('Enter');
  const picker = page.getByTestId('guest-picker-dialog');
  await tabTo(page, picker.getByTestId('adults-plus'));
  await page.keyboard.press('Space');
  await tabTo(page, picker.getByTestId('guests-done'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('guest-picker')).toBeFocused();
  await expect(page.getByTestId('guest-picker-value')).toHaveText('2 Adults');

  const book = page.getByTestId('rate-card').first().getByTestId('book-button');
  await tabTo(page, book, { max: 120 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await expectHeadingFocused(page, 'Welcome back');
});
