import { expect, sidewaysOverflow, test } from './fixtures';

/*
 * The public layout: the cookie question, the language switch, the phone drawer, the sticky bar
 * and the error page. (Axe on every public page in both languages: every-route.spec.ts.)
 */

test.describe('cookie consent', () => {
  test.use({ freshVisitor: true });

  test('Decline saves nothing, so the question returns on the next visit; Accept is remembered across reloads', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByTestId('cookie-consent');
    await banner.getByRole('button', { name: 'Decline' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBeNull();
    await page.reload();
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('true');
    await page.reload();
    await expect(page.getByTestId('site-header')).toBeVisible();
    await expect(banner).toBeHidden();
  });
});

test('switching to Bengali changes the visible text, and the choice is remembered', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByRole('link', { name: 'Accommodation' })).toBeVisible();
  await page.getByTestId('language-select').first().selectOption('bn');
  await expect(page.getByRole('navigation', { name: 'প্রধান মেনু' }).getByRole('link', { name: 'থাকার ব্যবস্থা' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.reload();
  await expect(page.getByRole('link', { name: 'লগইন' }).first()).toBeVisible();
  await page.getByTestId('language-select').first().selectOption('en');
  await expect(page.getByTestId('header-login')).toHaveText('Login');
});

test('at 375 px the drawer opens with the menu, the language toggle and Login', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await expect(page.getByTestId('language-select')).toHaveCount(0);
  await page.getByTestId('menu-button').first().click();
  const drawer = page.getByTestId('mobile-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Our City' })).toBeVisible();
  await drawer.getByTestId('language-toggle').click();
  await expect(drawer.getByRole('link', { name: 'আমাদের শহর' })).toBeVisible();
  await drawer.getByTestId('language-toggle').click();
  await drawer.getByRole('link', { name: 'Membership Benefits' }).click();
  await expect(page).toHaveURL(/\/membership-benefits$/);
  await expect(page.getByTestId('mobile-drawer')).toBeHidden();
  await page.getByTestId('menu-button').first().click();
  await page.getByTestId('drawer-login').click();
  await expect(page).toHaveURL(/\/login$/);
  // No sideways scrolling on a phone.
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});

test('the sticky bar and the scroll-to-top button appear from 100 px of scroll', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.getByTestId('sticky-bar')).toHaveCount(0);
  await expect(page.getByTestId('scroll-to-top')).toHaveCount(0);
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(100);
  await expect(page.getByTestId('sticky-bar')).toBeVisible();
  await page.getByTestId('scroll-to-top').click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByTestId('sticky-bar')).toHaveCount(0);
});

test('an unknown page shows the error page with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByTestId('error-page')).toContainText('We could not find that page');
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
