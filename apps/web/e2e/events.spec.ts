import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { chooseOption, DEMO, expect, login, seriousViolations, test, uniqueEmail, useLanguage } from './fixtures';
import { waitForMail } from './mailbox';

/**
 * Meetings & events and in-stay service requests, as the people who use them: a visitor asks
 * for a hall from the public page and the desk handles it; a guest asks for a service and the
 * staff mark it done. Each flow runs in English at 1280 px and in Bengali at 375 px.
 */

type Lng = 'en' | 'bn';
const SETUPS: { lng: Lng; width: number; height: number }[] = [
  { lng: 'en', width: 1280, height: 800 },
  { lng: 'bn', width: 375, height: 812 },
];

/** The screens' own words, from the translation files the app loads. */
const localeDir = path.resolve(import.meta.dirname, '../public/locales');
const words = (lng: Lng, ns: string) => JSON.parse(readFileSync(path.join(localeDir, lng, `${ns}.json`), 'utf8'));
const pick = (tree: Record<string, unknown>, key: string): string =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree) as string;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

/** The status words (shared by the screens and the mails: packages/shared/src/request-labels.ts). */
const STATUS = { en: { pending: 'Pending', confirmed: 'Confirmed' }, bn: { pending: 'অপেক্ষমাণ', confirmed: 'নিশ্চিত' } };

const isoIn = (days: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Signs in through the (English) login form, then reads the site in `lng`. */
async function loginIn(page: Page, who: { email: string; password: string }, lng: Lng) {
  await page.goto('/');
  await useLanguage(page, 'en');
  await login(page, who);
  await useLanguage(page, lng);
}

async function signOut(page: Page) {
  await page.evaluate(() => localStorage.removeItem('persist:auth'));
}

/** A new guest with an upcoming stay (far ahead and random, so reruns do not collide). */
async function guestWithUpcomingStay(request: APIRequestContext) {
  const email = uniqueEmail('service');
  const name = `Shirin Akter ${Date.now() % 100000}`;
  const registered = await request.post('/api/auth/register', { data: { email, password: 'password-123', name } });
  expect(registered.status()).toBe(201);
  const token = (await registered.json()).data.token as string;
  const rooms = (await (await request.get('/api/room?limit=100')).json()).data as { _id: string; status: string }[];
  const bookable = rooms.filter((r) => r.status !== 'maintenance' && r.status !== 'unavailable');
  const start = 300 + Math.floor(Math.random() * 1200);
  for (const room of bookable) {
    const res = await request.post('/api/bookings', {
      headers: { authorization: `Bearer ${token}` },
      data: { roomId: room._id, checkIn: isoIn(start), checkOut: isoIn(start + 2), adults: 1, children: 0, phone: '+880 1711-998877' },
    });
    if (res.status() === 201) return { email, password: 'password-123', name, token };
  }
  throw new Error('No room could be booked for the service request test');
}

test('the submenu items of Meetings & Events open /events with their type chosen', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('button', { name: 'Meetings & Events' }).hover();
  await page.getByRole('menuitem', { name: 'Wedding & Others' }).click();
  await expect(page).toHaveURL(/\/events\?type=wedding$/);
  await expect(page).toHaveTitle(/^Meetings & Events \|/);
  const types = page.getByTestId('event-eventType-group');
  await expect(types.getByLabel('Wedding')).toBeChecked();

  // Another item while on the page changes the choice.
  await nav.getByRole('button', { name: 'Meetings & Events' }).hover();
  await page.getByRole('menuitem', { name: 'Corporate Meeting' }).click();
  await expect(page).toHaveURL(/\/events\?type=corporate$/);
  await expect(types.getByLabel('Corporate')).toBeChecked();
  await expect(types.getByLabel('Wedding')).not.toBeChecked();

  // The phone drawer's items do the same.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByTestId('menu-button').first().click();
  await page.getByTestId('mobile-drawer').getByRole('link', { name: 'Private Meeting' }).click();
  await expect(page).toHaveURL(/\/events\?type=private$/);
  await expect(types.getByLabel('Other')).toBeChecked();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

for (const { lng, width, height } of SETUPS) {
  test(`a visitor's wedding request reaches the staff, who confirm it, and the visitor's mail says so (${lng}, ${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const ev = words(lng, 'events');
    const email = uniqueEmail(`event-${lng}`);
    await page.goto('/');
    await useLanguage(page, lng);
    // From the menu, as a visitor arrives: the drawer on a phone, the submenu on a desktop.
    if (width < 768) {
      await page.goto('/');
      await page.getByTestId('menu-button').first().click();
      await page.getByTestId('mobile-drawer').getByRole('link', { name: pick(words(lng, 'common'), 'nav.weddingOthers') }).click();
    } else {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main menu' });
      await nav.getByRole('button', { name: pick(words(lng, 'common'), 'nav.events') }).hover();
      await page.getByRole('menuitem', { name: pick(words(lng, 'common'), 'nav.weddingOthers') }).click();
    }
    await expect(page).toHaveURL(/\/events\?type=wedding$/);
    await expect(page.getByTestId('venue-card').first()).toBeVisible();
    const form = page.getByTestId('event-form');
    await expect(form.locator('input[name=eventType][value=Wedding]')).toBeChecked();
    await form.locator('#event-name').fill('Sumaiya Karim');
    await form.locator('#event-email').fill(email);
    await form.locator('#event-phone').fill('+880 1711-445566');
    await form.locator('#event-layout').selectOption('Theater Style');
    await form.locator('#event-guestCount').fill('180');
    await form.locator('#event-date').fill(isoIn(60));
    await form.locator('#event-startTime').fill('18:00');
    await form.locator('#event-endTime').fill('23:00');
    await form.getByTestId('event-submit').click();
    const success = page.getByTestId('event-success');
    await expect(success).toBeFocused();
    await expect(success).toContainText(email);
    const reference = (await page.getByTestId('event-reference').textContent())!.trim();
    expect(reference).toMatch(/^EVT-[0-9A-Z]{8}$/);
    // The visitor's own mail says it was received, in the language they used.
    expect((await waitForMail('event-received', email)).subject).toContain(reference);

    await loginIn(page, DEMO.staff, lng);
    await page.goto('/staff/event-request');
    await page.getByTestId('event-search').fill(reference);
    const row = page.getByTestId(`event-${reference}`);
    await expect(page.locator('[data-testid^="event-EVT-"]')).toHaveCount(1);
    await expect(row.getByTestId('event-status')).toHaveText(STATUS[lng].pending);
    await expect(row).toContainText('Sumaiya Karim');
    await row.getByRole('button', { name: pick(ev, 'admin.actions.update') }).click();
    const update = page.getByTestId('event-update-form');
    await chooseOption(page, update.getByTestId('event-update-status'), STATUS[lng].confirmed);
    await page.getByRole('button', { name: pick(ev, 'admin.update.save') }).click();
    await expect(page.getByText(fill(pick(ev, 'admin.messages.updated'), { reference }))).toBeVisible();
    await expect(row.getByTestId('event-status')).toHaveText(STATUS[lng].confirmed);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The visitor is told, in their language.
    const confirmed = (await waitForMail('event-confirmed', email)).subject;
    expect(confirmed).toBe(lng === 'bn' ? `আপনার অনুষ্ঠান ${reference} নিশ্চিত হয়েছে` : `Your event ${reference} is confirmed`);
  });

  test(`a guest asks for extra towels, the staff mark it complete, and the guest sees Completed (${lng}, ${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height });
    const sv = words(lng, 'services');
    const towels = lng === 'bn' ? 'বাড়তি তোয়ালে' : 'Extra towels';
    const guest = await guestWithUpcomingStay(request);
    await loginIn(page, guest, lng);
    await page.goto('/user/my-request');
    await chooseOption(page, page.getByTestId('service-type'), towels);
    await page.getByTestId('service-request-form').locator('textarea').fill('Two bath towels, please.');
    await page.getByTestId('service-submit').click();
    const mine = page.locator('[data-testid^="my-request-"]').filter({ hasText: 'Two bath towels, please.' });
    await expect(mine.getByTestId('request-state')).toHaveText(pick(sv, 'state.pending'));

    await signOut(page);
    await loginIn(page, DEMO.staff, lng);
    await page.goto('/staff/user-request');
    await page.getByTestId('service-search').fill(guest.email);
    const row = page.locator('[data-testid^="service-request-"]').filter({ hasText: guest.name });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('completed-dot')).toHaveAttribute('data-completed', 'false');
    await row.getByRole('button', { name: pick(sv, 'staff.actions.complete') }).click();
    await expect(row.getByTestId('completed-dot')).toHaveAttribute('data-completed', 'true');
    await expect(row.getByTestId('completed-label')).toBeDisabled();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await signOut(page);
    await loginIn(page, guest, lng);
    await page.goto('/user/my-request');
    await expect(mine.getByTestId('request-state')).toHaveText(pick(sv, 'state.completed'));
  });
}

for (const lng of ['en', 'bn'] as const) {
  test(`axe finds no serious violation on /events, My requests and the two staff screens (${lng})`, async ({ page, request }) => {
    const guest = await guestWithUpcomingStay(request);
    await page.goto('/');
    await useLanguage(page, lng);
    await page.goto('/events');
    await expect(page.getByTestId('venue-card').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // The form with its error messages showing.
    await page.getByTestId('event-submit').click();
    await expect(page.locator('.field-error').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await loginIn(page, guest, lng);
    await page.goto('/user/my-request');
    await expect(page.getByTestId('service-request-form')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await signOut(page);
    await loginIn(page, DEMO.staff, lng);
    for (const url of ['/staff/event-request', '/staff/user-request']) {
      await page.goto(url);
      await expect(page.locator('.ant-table, .ant-list').first()).toBeVisible();
      expect(await seriousViolations(page), url).toEqual([]);
    }
  });
}
