import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { formatAmount } from '@residency/shared/display';
import { defaultCategory } from '@residency/shared/room-rules';
import { chooseOption, DEMO, expect, login, seriousViolations, test, uniqueEmail, useLanguage } from './fixtures';

/**
 * Issue 13: at 375 px the admin lists are cards (as the staff screens are): the page never
 * scrolls sideways, every card's controls are on screen, and each screen's work can be done
 * from its cards, in English and in Bengali.
 */

const WIDTH = 375;
test.use({ viewport: { width: WIDTH, height: 812 } });

type Lng = 'en' | 'bn';

/**
 * A text of the app as a person reads it in `lng`, from the app's own locale files (so the test
 * follows a rewording of the Bengali instead of pinning today's words).
 */
function say(lng: Lng, ns: string, key: string, vars: Record<string, string> = {}): string {
  const file = path.resolve(import.meta.dirname, `../public/locales/${lng}/${ns}.json`);
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no text ${lng}/${ns}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}

async function adminHeaders(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { data: DEMO.admin });
  expect(res.ok()).toBe(true);
  return { authorization: `Bearer ${(await res.json()).data.token as string}` };
}

/** A category of this test's own, with these rooms (none by default), made through the API. */
async function ownCategory(request: APIRequestContext, name: string, extra: Record<string, unknown> = {}) {
  const base = defaultCategory();
  const made = await request.put('/api/room-categories', {
    headers: await adminHeaders(request),
    data: { ...base, name, description: 'Quiet, over the garden.', room_features: { ...base.room_features, windows: 'Garden view' }, ...extra },
  });
  expect(made.ok()).toBe(true);
}

/** A short prefix for room numbers no other test uses. */
const roomPrefix = (lng: Lng) =>
  `${lng === 'en' ? 7 : 8}${Math.floor(Math.random() * 90 + 10)}${String.fromCharCode(97 + Math.floor(Math.random() * 26))}`;

/** Signed in as the demo admin, reading `lng`, on `path`. */
async function openAs(page: Page, lng: Lng, path: string) {
  await login(page, DEMO.admin);
  await useLanguage(page, lng);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
}

/** The page is no wider than the phone, and every control of every card lies across the screen. */
async function expectFitsPhone(page: Page, cards: Locator) {
  const scroll = await page.evaluate(() => {
    const root = document.scrollingElement!;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scroll.scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(scroll.clientWidth);
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const controls = cards.nth(i).locator('button, [role="combobox"], [role="switch"], a');
    const n = await controls.count();
    for (let j = 0; j < n; j++) {
      const box = await controls.nth(j).boundingBox();
      if (!box) continue; // e.g. the search input antd keeps inside a closed select
      const name = `card ${i + 1}, control ${j + 1} (${(await controls.nth(j).textContent())?.trim()})`;
      expect(box.x, `${name} starts off-screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name} ends off-screen`).toBeLessThanOrEqual(WIDTH);
    }
  }
}

/** A phone shows cards: no table, no table that scrolls inside its card either. */
async function expectCardsNotTable(page: Page) {
  await expect(page.locator('.ant-table')).toHaveCount(0);
}

async function expectAxeClean(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

const listCards = (page: Page) => page.locator('.ant-list-item');

for (const lng of ['en', 'bn'] as const) {
  test.describe(`at 375 px in ${lng}`, () => {
    test('Users: a card changes a role after the confirmation; the admin’s own card offers no change', async ({ page, request }) => {
      const email = uniqueEmail(`phone-role-${lng}`);
      const registered = await request.post('/api/auth/register', { data: { email, password: 'password-123', name: 'Sadia Karim' } });
      expect(registered.status()).toBe(201);
      const id = (await registered.json()).data.user._id as string;
      const headers = await adminHeaders(request);

      await openAs(page, lng, '/admin/users');
      await expect(page.getByRole('heading', { name: say(lng, 'users', 'title') })).toBeVisible();
      await page.getByPlaceholder(say(lng, 'users', 'search')).fill(email);
      const card = page.getByTestId(`user-${email}`);
      await expect(card).toBeVisible();
      await expect(listCards(page)).toHaveCount(1);
      await expectCardsNotTable(page);
      await expect(card).toContainText('Sadia Karim');
      await expect(card).toContainText(email);
      await expect(card).toContainText(say(lng, 'users', 'roles.user').toLocaleUpperCase(lng));
      await expectFitsPhone(page, listCards(page));
      await expectAxeClean(page);

      const staff = say(lng, 'users', 'roles.staff');
      await chooseOption(page, card.getByRole('combobox', { name: say(lng, 'users', 'updateRole', { name: 'Sadia Karim' }) }), staff);
      const confirm = page.getByRole('dialog', { name: say(lng, 'users', 'confirmRole.title') });
      await expect(confirm).toBeVisible();
      const box = (await confirm.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
      await confirm.getByRole('button', { name: say(lng, 'users', 'confirmRole.ok', { role: staff }) }).click();
      await expect(page.getByText(say(lng, 'users', 'messages.roleUpdated'), { exact: true })).toBeVisible();
      // The dialog keeps the keyboard's focus until it has gone.
      await expect(confirm).toBeHidden();
      await expect(card).toContainText(staff.toLocaleUpperCase(lng));
      const onServer = await request.get(`/api/users/${id}`, { headers });
      expect((await onServer.json()).data.role).toBe('staff');

      // The signed-in admin's own card: the hint, no dropdown, no Delete (the server refuses both).
      await page.getByPlaceholder(say(lng, 'users', 'search')).fill(DEMO.admin.email);
      await expect(page.getByPlaceholder(say(lng, 'users', 'search'))).toHaveValue(DEMO.admin.email);
      const own = page.getByTestId(`user-${DEMO.admin.email}`);
      await expect(own).toBeVisible();
      await expect(own.getByText(say(lng, 'users', 'you'), { exact: true })).toBeVisible();
      await expect(own.getByText(say(lng, 'users', 'selfHint'))).toBeVisible();
      await expect(own.getByRole('combobox')).toHaveCount(0);
      await expect(own.getByRole('button')).toHaveCount(0);
      await expectFitsPhone(page, listCards(page));
    });

    test('Coupons: a coupon is switched off from its card', async ({ page, request }) => {
      const headers = await adminHeaders(request);
      const code = `PHONE${lng.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
      const created = await request.post('/api/coupons', {
        headers,
        data: { code, discountType: 'percentage', discountValue: 12, expirationDate: '2030-12-31', minimumPurchaseAmount: 3000, usageLimit: 40, isActive: true },
      });
      expect(created.status()).toBe(201);

      await openAs(page, lng, '/admin/manage-discount');
      const card = page.getByTestId(`coupon-${code}`);
      await expect(card).toBeVisible();
      const cards = page.getByRole('list', { name: say(lng, 'coupons', 'listLabel') }).getByRole('listitem');
      await expectFitsPhone(page, cards);
      await expectAxeClean(page);

      const toggle = card.getByRole('switch', { name: say(lng, 'coupons', 'activeSwitchLabel', { code }) });
      await toggle.scrollIntoViewIfNeeded();
      await expect(toggle).toBeInViewport();
      await toggle.click();
      await expect(page.getByText(say(lng, 'coupons', 'messages.switchedOff', { code }))).toBeVisible();
      await expect(card.getByTestId('coupon-active')).toHaveText(say(lng, 'coupons', 'card.inactive'));
      const check = await request.get(`/api/coupons/${code}?amount=10000`);
      expect((await check.json()).data).toMatchObject({ valid: false });
    });

    test('Rooms: the category filter, then a new price through a card’s Update', async ({ page, request }) => {
      const p = roomPrefix(lng);
      const name = `Phone Suite ${p}`;
      await ownCategory(request, name, { roomNumbers: `${p}1, ${p}2` });
      const [r1, r2] = [`${p.toUpperCase()}1`, `${p.toUpperCase()}2`];

      await openAs(page, lng, '/admin/room-management');
      await expect(page.getByRole('heading', { name: say(lng, 'rooms', 'title'), exact: true, level: 2 })).toBeVisible();
      await expectCardsNotTable(page);
      // The table's column filter, as a drop-down above the cards (typing narrows a long list).
      const filter = page.getByRole('combobox', { name: say(lng, 'rooms', 'filters.category') });
      await filter.click();
      await filter.fill(name);
      await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${name}"]`).click();
      await expect(listCards(page)).toHaveCount(2);
      for (const n of [r1, r2]) {
        const card = page.getByTestId(`room-${n}`);
        await expect(card).toContainText(name);
        await expect(card.getByTestId('room-status')).toHaveText(say(lng, 'rooms', 'status.available').toLocaleUpperCase(lng));
      }
      await expectFitsPhone(page, listCards(page));
      await expectAxeClean(page);

      const card = page.getByTestId(`room-${r1}`);
      await card.getByTestId(`update-${r1}`).click();
      const dialog = page.getByRole('dialog', { name: say(lng, 'rooms', 'update.title') });
      await expect(dialog).toBeVisible();
      expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(WIDTH);
      await dialog.getByLabel(say(lng, 'rooms', 'fields.price')).fill('7300');
      await dialog.getByRole('button', { name: say(lng, 'rooms', 'update.save') }).click();
      await expect(page.getByText(say(lng, 'rooms', 'messages.updated'))).toBeVisible({ timeout: 30_000 });
      await expect(dialog).toBeHidden();
      const saved = await request.get(`/api/room?searchTerm=${r1}`);
      expect((await saved.json()).data[0]).toMatchObject({ price: 7300, room_overview: { room_number: r1 } });
    });

    test('Categories: a card shows every column and deletes its category after the confirmation', async ({ page, request }) => {
      const name = `Phone Loft ${lng} ${Date.now().toString(36)}`;
      await ownCategory(request, name, { rackRate: 9900, offerPrice: 8800 });

      await openAs(page, lng, '/admin/categories');
      await page.getByPlaceholder(say(lng, 'categories', 'search')).fill(name);
      const card = page.getByTestId(`category-${name}`);
      await expect(card).toBeVisible();
      await expect(listCards(page)).toHaveCount(1);
      await expectCardsNotTable(page);
      for (const column of ['capacity', 'offer', 'rack']) await expect(card).toContainText(say(lng, 'categories', `columns.${column}`));
      // The prices in Taka, in the reader's digits (৳৮,৮০০ in Bengali).
      await expect(card).toContainText(formatAmount(8800, lng));
      await expect(card).toContainText(formatAmount(9900, lng));
      await expect(card.getByTestId(`category-hidden-${name}`)).toBeVisible();
      await expectFitsPhone(page, listCards(page));
      await expectAxeClean(page);

      await card.getByTestId(`delete-category-${name}`).click();
      const confirm = page.locator('.ant-popconfirm:visible');
      await expect(confirm).toContainText(say(lng, 'categories', 'confirmDelete.title'));
      const box = (await confirm.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
      await confirm.getByRole('button', { name: say(lng, 'categories', 'confirmDelete.ok'), exact: true }).click();
      await expect(page.getByText(say(lng, 'categories', 'messages.deleted'), { exact: true })).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect(card).toHaveCount(0);
      expect((await request.get(`/api/room-categories/${encodeURIComponent(name)}`)).status()).toBe(404);
    });

    test('Housekeeping: a card shows the last change and sets a room to cleaning', async ({ page, request }) => {
      const p = roomPrefix(lng);
      await ownCategory(request, `Phone Twin ${p}`, { roomNumbers: `${p}5` });
      const number = `${p.toUpperCase()}5`;

      await openAs(page, lng, '/admin/housekeeping');
      await expect(page.getByRole('heading', { name: say(lng, 'housekeeping', 'title') })).toBeVisible();
      await page.getByPlaceholder(say(lng, 'housekeeping', 'search')).fill(number);
      const card = page.getByTestId(`room-${number}`);
      await expect(card).toBeVisible();
      await expect(listCards(page)).toHaveCount(1);
      await expectCardsNotTable(page);
      await expect(card.getByTestId('room-updated')).toContainText(say(lng, 'housekeeping', 'columns.updated'));
      await expectFitsPhone(page, listCards(page));
      await expectAxeClean(page);

      const cleaning = say(lng, 'housekeeping', 'status.cleaning');
      await chooseOption(page, card.getByRole('combobox', { name: say(lng, 'housekeeping', 'changeStatus', { number }) }), cleaning);
      await expect(page.getByText(say(lng, 'housekeeping', 'messages.updated'), { exact: true })).toBeVisible();
      await expect(card.getByTestId('room-status')).toHaveText(cleaning.toLocaleUpperCase(lng));
      const saved = await request.get(`/api/room?searchTerm=${number}`);
      expect((await saved.json()).data[0]).toMatchObject({ status: 'cleaning', room_overview: { room_number: number } });
    });
  });
}
