import { expect, seriousViolations, settled, test, useLanguage, type Role } from './fixtures';

/**
 * No dead ends: every link of the public menus and footer, of the home page, and every sidebar
 * link of every role opens a real screen (never the 404 page). That every route fits the width
 * and passes axe, at both widths and in both languages, is every-route.spec.ts; that every
 * sidebar and admin-search entry is a route of the router is a unit test
 * (app/layouts/dashboard/dashboard-nav.test.ts). Here a person clicks them.
 */

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

test('every link of the home page (slides, room types, gallery, stories, teasers), in English and in Bengali, opens a real page', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  /** The home page's internal links in `lng`: every slide's calls to action, not only the one shown. */
  const homeLinks = async (lng: 'en' | 'bn') => {
    await useLanguage(page, lng);
    // The lists below the first screen arrive after its first paint.
    await expect(page.getByTestId('home-rooms')).toBeVisible();
    await page.getByTestId('home-stories').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('home-stories').getByTestId('blog-card').first()).toBeVisible();
    const hrefs = await page.locator('main a[href^="/"]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href')!));
    expect(hrefs.length, `links of the home page (${lng})`).toBeGreaterThanOrEqual(10);
    return hrefs;
  };
  // Each address once: most links are the same in both languages (slides and stories are not).
  const hrefs = [...new Set([...(await homeLinks('en')), ...(await homeLinks('bn'))])];
  for (const href of hrefs) {
    await page.goto(href);
    await expect(page.locator('main').first(), href).toBeVisible();
    await settled(page);
    await expect(page.getByTestId('error-page'), `${href} is the 404 page`).toHaveCount(0);
  }
});

for (const role of ['admin', 'staff', 'user'] as const satisfies Role[]) {
  test.describe(`the ${role}'s sidebar`, () => {
    test.use({ signedInAs: role });

    test('every link opens its screen at 1280 px (en); at 375 px (bn) the drawer offers the same links, opens the first and the last and closes on the way', async ({ page }) => {
      test.setTimeout(150_000);
      await page.goto(`/${role}/dashboard`);
      const menu = page.getByRole('menu').filter({ visible: true }).first();
      await expect(menu).toBeVisible();
      const items = menu.getByRole('menuitem');
      const names = (await items.allInnerTexts()).map((n) => n.trim());
      expect(names.length).toBeGreaterThanOrEqual(3);
      const paths: string[] = [];
      for (const name of names) {
        await test.step(name, async () => {
          await menu.getByRole('menuitem', { name, exact: true }).click();
          await expect(page.getByTestId('section-title')).toHaveText(name);
          await expect(page).toHaveURL(new RegExp(`/${role}/`));
          await expect(page.getByTestId('error-page'), `${page.url()} (${name}) is the 404 page`).toHaveCount(0);
          paths.push(new URL(page.url()).pathname);
        });
      }

      // On a phone, in Bengali, the sidebar is a drawer with the same entries (the same menu,
      // so the same targets); two of them are opened through it, and it closes on the way.
      await page.setViewportSize({ width: 375, height: 740 });
      await useLanguage(page, 'bn');
      const opened: string[] = [];
      for (const i of [0, names.length - 1]) {
        await page.getByTestId('dashboard-menu').click();
        const drawerMenu = page.getByRole('menu').filter({ visible: true }).first();
        await expect(drawerMenu).toBeVisible();
        await expect(drawerMenu.getByRole('menuitem')).toHaveCount(names.length);
        const item = drawerMenu.getByRole('menuitem').nth(i);
        const name = (await item.innerText()).trim();
        await item.click();
        await expect(page.getByTestId('section-title')).toHaveText(name);
        await expect(page.getByTestId('error-page')).toHaveCount(0);
        await expect(page.locator('.ant-drawer-open'), `${name}: the menu stays open`).toHaveCount(0);
        opened.push(new URL(page.url()).pathname);
      }
      expect(opened).toEqual([paths[0], paths.at(-1)]);
    });
  });
}

test.describe('a dashboard path that is no screen', () => {
  test.use({ signedInAs: 'staff' });

  test('says so in the dashboard and leads back to the role’s dashboard', async ({ page }) => {
    await page.goto('/staff/no-such-screen');
    const notFound = page.getByTestId('error-page');
    await expect(notFound).toContainText('This screen does not exist');
    // Inside the dashboard shell, not the guests' page with its contact form.
    await expect(page.getByTestId('section-title')).toBeVisible();
    await expect(notFound.getByRole('link', { name: 'Contact' })).toHaveCount(0);
    expect(await seriousViolations(page), 'axe on /staff/no-such-screen').toEqual([]);
    await notFound.getByRole('button', { name: 'Back to my dashboard' }).click();
    await expect(page).toHaveURL(/\/staff\/dashboard$/);
  });
});
