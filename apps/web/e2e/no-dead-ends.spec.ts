import type { Page } from '@playwright/test';
import { DEMO, expect, login, seriousViolations, test, useLanguage } from './fixtures';

/**
 * No dead ends: every link of the public menus and footer, and every sidebar link of every role,
 * opens a real screen (never the 404 page), in English and Bengali, on a phone and a desktop.
 * (That every screen fits the width and passes axe, at both widths and in both languages, is
 * every-route.spec.ts: it walks every route of the router, these included.)
 */

const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const;


async function expectAxeClean(page: Page, where: string) {
  expect(await seriousViolations(page), `axe on ${where}`).toEqual([]);
}

test('every link of the public header, menus and footer opens a real page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('site-header')).toBeVisible();
  // Every internal link of the header (submenus included, even while folded) and the footer.
  const hrefs = await page.locator('header a[href^="/"], footer a[href^="/"], nav a[href^="/"]').evaluateAll((links) => [
    ...new Set(links.map((a) => (a as HTMLAnchorElement).getAttribute('href')!)),
  ]);
  expect(hrefs.length).toBeGreaterThanOrEqual(6);
  for (const href of hrefs) {
    await page.goto(href);
    await expect(page.locator('main').first(), href).toBeVisible();
    await expect(page.getByTestId('error-page'), `${href} is the 404 page`).toHaveCount(0);
  }
});

test('every link of the home page (slides, room types, gallery, stories, teasers) opens a real page', async ({ page }) => {
  test.setTimeout(120_000);
  for (const lng of ['en', 'bn'] as const) {
    await page.goto('/');
    await useLanguage(page, lng);
    // The lists below the first screen arrive after its first paint.
    await expect(page.getByTestId('home-rooms')).toBeVisible();
    await page.getByTestId('home-stories').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('home-stories').getByTestId('blog-card').first()).toBeVisible();
    // Every slide's calls to action, not only the one shown.
    const hrefs = await page.locator('main a[href^="/"]').evaluateAll((links) => [
      ...new Set(links.map((a) => (a as HTMLAnchorElement).getAttribute('href')!)),
    ]);
    expect(hrefs.length).toBeGreaterThanOrEqual(10);
    for (const href of hrefs) {
      await page.goto(href);
      await expect(page.locator('main').first(), href).toBeVisible();
      await expect(page.getByTestId('error-page'), `${href} (${lng}) is the 404 page`).toHaveCount(0);
    }
  }
});

for (const role of ['admin', 'staff', 'user'] as const) {
  for (const lng of ['en', 'bn'] as const) {
    for (const size of SIZES) {
      test(`every ${role} sidebar link opens a real screen (${lng}, ${size.width} px)`, async ({ page }) => {
        test.setTimeout(180_000);
        await page.setViewportSize(size);
        await login(page, DEMO[role]);
        await useLanguage(page, lng);
        const phone = size.width < 768;

        /** The sidebar's menu, opened first on a phone (it is a drawer there). */
        const openMenu = async () => {
          if (phone) await page.getByTestId('dashboard-menu').click();
          const menu = page.getByRole('menu').filter({ visible: true }).first();
          await expect(menu).toBeVisible();
          return menu;
        };

        const names = await (await openMenu()).getByRole('menuitem').allInnerTexts();
        expect(names.length).toBeGreaterThanOrEqual(3);
        if (phone) await page.keyboard.press('Escape');

        for (const name of names) {
          await test.step(name.trim(), async () => {
            const menu = await openMenu();
            await menu.getByRole('menuitem', { name: name.trim(), exact: true }).click();
            await expect(page.getByTestId('section-title')).toHaveText(name.trim());
            await expect(page).toHaveURL(new RegExp(`/${role}/`));
            const where = `${page.url()} (${name.trim()})`;
            await expect(page.getByTestId('error-page'), `${where} is the 404 page`).toHaveCount(0);
            // Let the screen's data arrive (and the drawer close) before measuring it.
            await page.waitForLoadState('networkidle', { timeout: 15_000 });
            await expect(page.locator('.ant-skeleton-active'), `${where} still loading`).toHaveCount(0);
            await expect(page.locator('.ant-drawer-open'), `${where}: the menu stays open`).toHaveCount(0);
          });
        }
      });
    }
  }
}

test('a dashboard path that is no screen says so in the dashboard and leads back to the role’s dashboard', async ({ page }) => {
  await login(page, DEMO.staff);
  await page.goto('/staff/no-such-screen');
  const notFound = page.getByTestId('error-page');
  await expect(notFound).toContainText('This screen does not exist');
  // Inside the dashboard shell, not the guests' page with its contact form.
  await expect(page.getByTestId('section-title')).toBeVisible();
  await expect(notFound.getByRole('link', { name: 'Contact' })).toHaveCount(0);
  await expectAxeClean(page, '/staff/no-such-screen');
  await notFound.getByRole('button', { name: 'Back to my dashboard' }).click();
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
});
