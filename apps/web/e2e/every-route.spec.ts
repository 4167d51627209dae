import type { Page } from '@playwright/test';
import { expect, seriousViolations, settled, sidewaysOverflow, test, useLanguage, type Lng } from './fixtures';
import { realIds, ROUTES, routerPaths } from './support/routes';

/**
 * Every route of the router, not only those a menu links to: each opens a real screen (never the
 * 404 page) for the role it is meant for, in English and Bengali, at 375 and 1280 px, and fits the
 * width. Axe runs on every route once per language: in English at 1280 px, in Bengali at 375 px
 * (so both widths are checked too). The list of routes is read from the router's own files, so a
 * route added without an entry in support/routes.ts fails this test.
 *
 * Each route is loaded once per language and then seen at the other width by resizing the window
 * (the layout follows the width through media queries and antd's breakpoint listeners, as it does
 * when a person turns a tablet or narrows a window). The language decides which width is the
 * fresh load: English loads at 1280 px, Bengali at 375 px, so every route is also loaded afresh
 * at each width. Loading every route four times instead of twice cost about 3 minutes of CI.
 */

test('the list of routes (support/routes.ts) covers every route of the router', () => {
  expect(routerPaths().sort()).toEqual(Object.keys(ROUTES).sort());
});

/** Where axe runs: once per language, each language at the other width. */
const AXE_WIDTH: Record<Lng, number> = { en: 1280, bn: 375 };
/** The width each language loads the routes at; the other width is reached by resizing. */
const WIDTHS: Record<Lng, [number, number]> = { en: [1280, 375], bn: [375, 1280] };

/** Sets the window's width and waits until the page has laid itself out again. */
async function resizeTo(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
  // Two frames: one for the resize and media-query listeners, one for React's re-render.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** At most this many routes per test, so that the two workers share the walk evenly. */
const ROUTES_PER_TEST = 12;

for (const who of ['anonymous', 'user', 'staff', 'admin'] as const) {
  const mine = Object.entries(ROUTES).filter(([, r]) => r.who === who);
  const parts = Math.ceil(mine.length / ROUTES_PER_TEST);
  test.describe(who === 'anonymous' ? 'a visitor' : `the ${who}`, () => {
    if (who !== 'anonymous') test.use({ signedInAs: who });

    for (let part = 0; part < parts; part += 1) {
      const share = mine.slice(part * ROUTES_PER_TEST, (part + 1) * ROUTES_PER_TEST);
      const which = parts > 1 ? ` (${share[0]![0]} … ${share.at(-1)![0]})` : '';
      for (const lng of ['en', 'bn'] as const) {
        test(`every route${which} opens a real screen that fits at 1280 and 375 px (${lng}; axe at ${AXE_WIDTH[lng]} px)`, async ({ page, request, api }) => {
          test.setTimeout(180_000);
          const ids = await realIds(request, api, who);
          // A page of the site must be open before the language can be chosen.
          await page.goto('/terms');
          await useLanguage(page, lng);
          const [loadWidth, resizedWidth] = WIDTHS[lng];
          for (const [pattern, route] of share) {
            const url = route.url(ids);
            await test.step(`${url} (${lng}) at ${loadWidth} px, then ${resizedWidth} px`, async () => {
              await resizeTo(page, loadWidth);
              await page.goto(url);
              await expect(page.locator('html')).toHaveAttribute('lang', lng);
              await expect(page.locator('main, [data-testid="section-title"]').first(), `${pattern} shows a screen`).toBeVisible();
              await settled(page);
              await expect(page.getByTestId('error-page'), `${url} is the 404 page`).toHaveCount(0);
              await expect(page.locator('.ant-skeleton-active'), `${url} still loading`).toHaveCount(0);
              // The e-mail designer (desktop only) is measured once GrapesJS is ready: until then
              // its frame has no title and its buttons are greyed out.
              if (loadWidth >= 768) await expect(page.getByTestId('designer-loading'), `${url}: the designer still loading`).toHaveCount(0, { timeout: 20_000 });
              for (const width of [loadWidth, resizedWidth]) {
                if (width !== loadWidth) {
                  await resizeTo(page, width);
                  await settled(page);
                }
                const overflow = await sidewaysOverflow(page);
                expect(overflow, `${url} at ${width} px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
                if (width === AXE_WIDTH[lng]) expect(await seriousViolations(page), `axe on ${url} at ${width} px (${lng})`).toEqual([]);
              }
            });
          }
        });
      }
    }
  });
}
