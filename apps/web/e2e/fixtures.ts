import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@residency.local', password: 'Admin#2026' },
  staff: { email: 'staff@residency.local', password: 'Staff#2026' },
  user: { email: 'user@residency.local', password: 'Guest#2026' },
} as const;

/** Logs in through the login form, as a person would; by default waits to land on a dashboard. */
export async function login(page: Page, who: { email: string; password: string }, options = { expectSuccess: true }) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  if (options.expectSuccess) await expect(page).toHaveURL(/\/(admin|staff|user)\/dashboard$/);
}

/** Picks an option of an Ant Design Select (its options are not native <option>s). */
export async function chooseOption(page: Page, select: Locator, label: string) {
  await select.click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
}

/** A unique e-mail for an account made by this test run. */
export function uniqueEmail(prefix = 'guest') {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Every test starts in English with the cookie question already answered, unless it says otherwise. */
export const test = base.extend<{ freshVisitor: boolean }>({
  freshVisitor: [false, { option: true }],
  page: async ({ page, freshVisitor }, use) => {
    if (!freshVisitor) {
      await page.addInitScript(() => {
        if (!localStorage.getItem('lng')) localStorage.setItem('lng', 'en');
        localStorage.setItem('cookieConsent', 'true');
      });
    }
    await use(page);
  },
});

export { expect };

/**
 * Reads the site in `lng` from now on: the stored choice, then a reload that shows it (set while
 * the page is still starting, the choice could be overwritten by the page's own first save).
 */
export async function useLanguage(page: Page, lng: 'en' | 'bn') {
  await expect(async () => {
    await page.evaluate((l) => localStorage.setItem('lng', l), lng);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', lng, { timeout: 2_000 });
  }).toPass();
}

/**
 * Axe's serious and critical findings on the page, one line each (rule, where, and the first
 * node's reason), once every finite animation has ended: a dialog, drawer or drop-down still
 * fading is measured half-transparent, or without its name.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}) ${v.nodes[0]?.failureSummary ?? ''}`);
}

/**
 * Rooms free for these nights and guests, as the public search finds them (bookable, not under
 * maintenance, no stay overlapping). Specs book one of these, never a fixed room: two specs that
 * happened to draw overlapping dates would otherwise meet on the same room.
 */
export async function freeRooms(
  request: APIRequestContext,
  checkIn: string,
  checkOut: string,
  guests: { adults: number; children: number } = { adults: 1, children: 0 },
): Promise<{ _id: string; category: string; price: number; room_overview: { room_number: string } }[]> {
  const query = encodeURIComponent(JSON.stringify(guests));
  const res = await request.get(`/api/room?checkIn=${checkIn}&checkOut=${checkOut}&guests=${query}&limit=1000`);
  expect(res.ok()).toBe(true);
  return (await res.json()).data;
}
