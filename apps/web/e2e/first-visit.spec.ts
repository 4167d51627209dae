import type { Locator, Page } from '@playwright/test';
import { addDays, todayAt } from '@residency/shared/dates';
import { expect, freeRooms, settled, sidewaysOverflow, test, testDayOffset, uniqueEmail } from './fixtures';
import { fillEventForm } from './support/event-form';
import { realIds, ROUTES } from './support/routes';

/**
 * A first visit, as every new visitor makes it: the cookie question still unanswered, its banner
 * over the bottom of the screen. The other specs answer it before they start, so none of them
 * could see what the banner does to a page (a mouse press on Create account that moved the page,
 * so that the first click did nothing).
 */
test.use({ freshVisitor: true });

/** Clicks `button` once, as a person does, and expects its request to leave on that first click. */
async function firstClickSends(page: Page, button: Locator, method: string, path: RegExp): Promise<void> {
  await expect(page.getByTestId('cookie-consent')).toBeVisible();
  await expect(button).toBeEnabled();
  const sent = page.waitForRequest((r) => r.method() === method && path.test(new URL(r.url()).pathname), { timeout: 5_000 });
  await button.click();
  await sent;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`at ${viewport.width}×${viewport.height} with the cookie banner showing, the first click sends sign-up, login, a booking and an event request`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail('first-click');
    const password = 'a-good-password';

    await page.goto('/sign-up');
    await page.getByLabel('Full name').fill('Farhana Akter');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await firstClickSends(page, page.getByRole('button', { name: 'Create account' }), 'POST', /^\/api\/auth\/register$/);
    await expect(page).toHaveURL(/\/user\/dashboard$/);

    // Signed out again (the cookie question stays unanswered: nothing stores it).
    await page.evaluate(() => localStorage.removeItem('persist:auth'));
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await firstClickSends(page, page.getByRole('button', { name: 'Log in' }), 'POST', /^\/api\/auth\/login$/);
    await expect(page).toHaveURL(/\/user\/dashboard$/);

    const checkIn = addDays(todayAt('Asia/Dhaka'), testDayOffset(200, 900));
    const checkOut = addDays(checkIn, 1);
    const [room] = await freeRooms(request, checkIn, checkOut);
    await page.goto(`/booking/${room!._id}?checkIn=${checkIn}&checkOut=${checkOut}&adults=1&children=0`);
    await page.getByLabel('Phone').fill('+880 1712-345678');
    await firstClickSends(page, page.getByTestId('confirm-booking'), 'POST', /^\/api\/reservations$/);
    await expect(page).toHaveURL(/\/booking\/reservation\/[^/?#]+$/);

    await page.goto('/events');
    await page.getByTestId('event-eventType-group').getByText('Wedding', { exact: true }).click();
    await fillEventForm(page, email);
    await firstClickSends(page, page.getByTestId('event-form').getByTestId('event-submit'), 'POST', /^\/api\/events$/);
    await expect(page.getByTestId('event-reference')).toHaveText(/EVT-[0-9A-Z]{8}/);
  });
}

test('every public page at 375 px with the cookie banner showing: no 404, fits the width, and the banner hides neither the end of the page nor the Reserve button', async ({
  page,
  request,
  api,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const ids = await realIds(request, api, 'anonymous');
  const banner = page.getByTestId('cookie-consent');
  for (const [pattern, route] of Object.entries(ROUTES).filter(([, r]) => r.who === 'anonymous')) {
    const url = route.url(ids);
    await test.step(url, async () => {
      await page.goto(url);
      await expect(page.locator('main, [data-testid="section-title"]').first(), `${pattern} shows a screen`).toBeVisible();
      await settled(page);
      await expect(page.getByTestId('error-page'), `${url} is the 404 page`).toHaveCount(0);
      await expect(banner).toBeVisible();
      expect(await sidewaysOverflow(page), `${url} scrolls sideways`).toBeLessThanOrEqual(0);
      // At the end of the page, its last line sits above the banner: the page keeps room for it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const clear = await page.evaluate(() => {
        const top = document.querySelector('[data-testid="cookie-consent"]')!.getBoundingClientRect().top;
        const texts = [...document.querySelectorAll('footer *, main *')].filter(
          (el) => el.childElementCount === 0 && (el.textContent ?? '').trim() !== '' && el.getBoundingClientRect().height > 0,
        );
        const last = texts.reduce((a, b) => (b.getBoundingClientRect().bottom > a.getBoundingClientRect().bottom ? b : a));
        const reserve = document.querySelector('[data-testid="reserve-button"]');
        return {
          last: `${last.textContent!.trim().slice(0, 40)} ends at ${Math.round(last.getBoundingClientRect().bottom)}, banner at ${Math.round(top)}`,
          // (Within a pixel: touching is not covering.)
          lastClear: last.getBoundingClientRect().bottom <= top + 1,
          reserveClear: !reserve || reserve.getBoundingClientRect().bottom <= top + 1,
        };
      });
      expect(clear.lastClear, `${url}: ${clear.last}`).toBe(true);
      expect(clear.reserveClear, `${url}: the Reserve button is under the banner`).toBe(true);
    });
  }
});
