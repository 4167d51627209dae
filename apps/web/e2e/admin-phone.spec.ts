import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { formatAmount } from '@residency/shared/display';
import { defaultCategory } from '@residency/shared/room-rules';
import { chooseOption, DEMO, expect, seriousViolations, test, uniqueName, type Api, type Lng } from './fixtures';

/**
 * Issue 13: at 375 px the admin lists are cards (as the staff screens are): the page never
 * scrolls sideways, every card's controls are on screen, and each screen's work can be done
 * from its cards. One test per screen in English; one Bengali smoke test opens the five screens
 * in Bengali (longer words on the same cards) and does one screen's work there. The Bengali
 * texts of each card are component tests of the pages (users-page.bn, coupons-page.bn,
 * rooms-page, categories-page, housekeeping-page .test.tsx); every-route.spec checks each
 * screen's first state for overflow at 375 px and axe, in both languages.
 */

const WIDTH = 375;
test.use({ viewport: { width: WIDTH, height: 812 }, signedInAs: 'admin' });

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

/** A category of this test's own, with these rooms (none by default), made through the API. */
async function ownCategory(request: APIRequestContext, api: Api, name: string, extra: Record<string, unknown> = {}) {
  const base = defaultCategory();
  const made = await request.put('/api/room-categories', {
    headers: await api.headers('admin'),
    data: { ...base, name, description: 'Quiet, over the garden.', room_features: { ...base.room_features, windows: 'Garden view' }, ...extra },
  });
  expect(made.ok()).toBe(true);
}

/** A short prefix of this test's own for room numbers (at most 20 letters and digits), from uniqueName. */
const roomPrefix = () => createHash('sha1').update(uniqueName('rooms')).digest('hex').slice(0, 5);

/** A coupon code of this test's own (codes are kept in capitals). */
const couponCode = () => uniqueName('PHONE').toUpperCase();

async function ownCoupon(request: APIRequestContext, api: Api, code: string, extra: Record<string, unknown> = {}) {
  const created = await request.post('/api/coupons', {
    headers: await api.headers('admin'),
    data: { code, discountType: 'percentage', discountValue: 12, expirationDate: '2030-12-31', minimumPurchaseAmount: 3000, usageLimit: 40, isActive: true, ...extra },
  });
  expect(created.status()).toBe(201);
}

/** Opens `url` in `lng` (the stored choice, written before the app starts). */
async function open(page: Page, url: string, lng: Lng = 'en') {
  if (lng !== 'en') await page.addInitScript((l) => localStorage.setItem('lng', l), lng);
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
}

/**
 * The page is no wider than the phone, and every control of every card lies across the screen
 * (measured in one go in the page).
 */
async function expectFitsPhone(cards: Locator) {
  await expect(cards.first()).toBeVisible();
  const found = await cards.evaluateAll((items, width) => {
    const root = document.scrollingElement!;
    const problems: string[] = [];
    if (root.scrollWidth > root.clientWidth) problems.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
    items.forEach((card, i) => {
      card.querySelectorAll('button, [role="combobox"], [role="switch"], a').forEach((control, j) => {
        const box = control.getBoundingClientRect();
        // e.g. the search input antd keeps inside a closed select
        if (box.width === 0 && box.height === 0) return;
        const name = `card ${i + 1}, control ${j + 1} (${control.textContent?.trim()})`;
        if (box.left < 0) problems.push(`${name} starts off-screen`);
        if (box.right > width) problems.push(`${name} ends off-screen`);
      });
    });
    return { problems, cards: items.length };
  }, WIDTH);
  expect(found.cards).toBeGreaterThan(0);
  expect(found.problems).toEqual([]);
}

/** A box (a dialog, a pop-up) lies across the phone's screen. */
async function expectOnScreen(box: Locator) {
  // Drawn first: a box not laid out yet has no bounding box. It is read until it has one: the
  // Rooms screen was seen to draw its controls anew just after it showed them (unexplained).
  await expect(box).toBeVisible();
  await expect.poll(async () => (await box.boundingBox()) !== null).toBe(true);
  const b = (await box.boundingBox())!;
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(WIDTH);
}

/** A phone shows cards: no table, no table that scrolls inside its card either. */
async function expectCardsNotTable(page: Page) {
  await expect(page.locator('.ant-table')).toHaveCount(0);
}

const listCards = (page: Page) => page.locator('.ant-list-item');

test('Users: a card changes a role after the confirmation; the admin’s own card offers no change', async ({ page, request, api }) => {
  const guest = await api.newGuest('Sadia Karim');
  const email = guest.email;

  await open(page, '/admin/users');
  await expect(page.getByRole('heading', { name: 'See all Users' })).toBeVisible();
  await page.getByPlaceholder('Search User').fill(email);
  const card = page.getByTestId(`user-${email}`);
  await expect(card).toBeVisible();
  await expect(listCards(page)).toHaveCount(1);
  await expectCardsNotTable(page);
  await expect(card).toContainText('Sadia Karim');
  await expect(card).toContainText(email);
  await expect(card).toContainText('USER');
  await expectFitsPhone(listCards(page));

  await chooseOption(page, card.getByRole('combobox', { name: 'Update the role of Sadia Karim' }), 'Staff');
  const confirm = page.getByRole('dialog', { name: 'Change this role?' });
  await expect(confirm).toContainText('Sadia Karim will change from User to Staff.');
  await expectOnScreen(confirm);
  // An open dialog: a state every-route.spec does not reach (was guardrails.spec's role test).
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Make Staff' }).click();
  await expect(page.getByText('User role updated successfully', { exact: true })).toBeVisible();
  // The dialog keeps the keyboard's focus until it has gone.
  await expect(confirm).toBeHidden();
  await expect(card).toContainText('STAFF');
  const onServer = await request.get(`/api/users/${guest.user._id}`, { headers: await api.headers('admin') });
  expect((await onServer.json()).data.role).toBe('staff');

  // The signed-in admin's own card: the hint, no dropdown, no Delete (the server refuses both).
  await page.getByPlaceholder('Search User').fill(DEMO.admin.email);
  const own = page.getByTestId(`user-${DEMO.admin.email}`);
  await expect(own).toBeVisible();
  await expect(own.getByText('You', { exact: true })).toBeVisible();
  await expect(own.getByText(say('en', 'users', 'selfHint'))).toBeVisible();
  await expect(own.getByRole('combobox')).toHaveCount(0);
  // Its only button reads its change history (issue 35): nothing on it changes the account.
  await expect(own.getByRole('button')).toHaveCount(1);
  await expect(own.getByRole('button', { name: /^History of / })).toBeVisible();
  await expectFitsPhone(listCards(page));
});

test('Coupons: a coupon is edited and switched off from its card, and is then not valid', async ({ page, request, api }) => {
  const code = couponCode();
  await ownCoupon(request, api, code, { discountValue: 10, minimumPurchaseAmount: 0, usageLimit: 0 });
  const check = async () => (await (await request.get(`/api/coupons/${code}?amount=10000`)).json()).data as { valid: boolean; reason: string | null };
  expect((await check()).valid).toBe(true);

  await open(page, '/admin/manage-discount');
  const card = page.getByTestId(`coupon-${code}`);
  await expect(card).toBeVisible();
  await expectFitsPhone(page.getByRole('list', { name: 'Coupons' }).getByRole('listitem'));

  // Edit (was guardrails.spec's coupon test, at 1280 px): the modal, prefilled; the card shows what was saved.
  await card.getByRole('button', { name: `Edit coupon ${code}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit coupon ${code}` });
  await expect(dialog.getByLabel('Coupon Code')).toHaveValue(code);
  await expect(dialog.getByLabel('Coupon Code')).toBeEnabled();
  await expect(dialog.getByLabel('Discount Value')).toHaveValue('10');
  await dialog.getByLabel('Discount Value').fill('25');
  await dialog.getByLabel('Minimum Purchase Amount').fill('2000');
  // A filled form in a modal: a state every-route.spec does not reach.
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Coupon ${code} updated`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('coupon-discount')).toContainText('25% off');
  await expect(card.getByTestId('coupon-minimum')).toHaveText('৳2,000');

  // Switched off on the card: the coupon check says it no longer applies, and it stays off.
  const toggle = card.getByRole('switch', { name: `Coupon ${code} active` });
  await toggle.scrollIntoViewIfNeeded();
  await expect(toggle).toBeInViewport();
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByText(`Coupon ${code} is inactive: guests cannot use it.`)).toBeVisible();
  await expect(card.getByTestId('coupon-active')).toHaveText('Inactive');
  expect(await check()).toMatchObject({ valid: false, reason: 'This coupon is not active.' });
  await page.reload();
  await expect(page.getByTestId(`coupon-${code}`).getByRole('switch', { name: `Coupon ${code} active` })).not.toBeChecked();
});

test('Rooms: the category filter, then a new price through a card’s Update', async ({ page, request, api }) => {
  const p = roomPrefix();
  const name = `Phone Suite ${p}`;
  await ownCategory(request, api, name, { roomNumbers: `${p}1, ${p}2` });
  const [r1, r2] = [`${p.toUpperCase()}1`, `${p.toUpperCase()}2`];

  await open(page, '/admin/room-management');
  await expect(page.getByRole('heading', { name: 'Rooms', exact: true, level: 2 })).toBeVisible();
  await expectCardsNotTable(page);
  // The search and Add Room above the cards lie across the screen (was admin-rooms.spec's 375 px test).
  for (const control of [page.getByRole('button', { name: 'Add Room' }), page.getByPlaceholder('Search By Room Number & Name')]) {
    await expectOnScreen(control);
  }
  // The table's column filter, as a drop-down above the cards (typing narrows a long list).
  const filter = page.getByRole('combobox', { name: 'Filter By Category' });
  await filter.click();
  await filter.fill(name);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${name}"]`).click();
  await expect(listCards(page)).toHaveCount(2);
  for (const n of [r1, r2]) {
    const card = page.getByTestId(`room-${n}`);
    await expect(card).toContainText(name);
    await expect(card.getByTestId('room-status')).toHaveText('AVAILABLE');
  }
  await expectFitsPhone(listCards(page));

  const card = page.getByTestId(`room-${r1}`);
  await card.getByTestId(`update-${r1}`).click();
  const dialog = page.getByRole('dialog', { name: 'Update Room Details' });
  await expect(dialog).toBeVisible();
  expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(WIDTH);
  await dialog.getByLabel('Price Per Night').fill('7300');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Room updated successfully')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
  const saved = await request.get(`/api/room?searchTerm=${r1}`);
  expect((await saved.json()).data[0]).toMatchObject({ price: 7300, room_overview: { room_number: r1 } });
});

test('Categories: a card shows every column and deletes its category after the confirmation', async ({ page, request, api }) => {
  const name = uniqueName('Phone Loft');
  await ownCategory(request, api, name, { rackRate: 9900, offerPrice: 8800 });

  await open(page, '/admin/categories');
  await page.getByPlaceholder('Search by category name').fill(name);
  const card = page.getByTestId(`category-${name}`);
  await expect(card).toBeVisible();
  await expect(listCards(page)).toHaveCount(1);
  await expectCardsNotTable(page);
  for (const column of ['Capacity', 'Offer', 'Rack']) await expect(card).toContainText(column);
  await expect(card).toContainText(formatAmount(8800, 'en'));
  await expect(card).toContainText(formatAmount(9900, 'en'));
  await expect(card.getByTestId(`category-hidden-${name}`)).toBeVisible();
  await expectFitsPhone(listCards(page));

  await card.getByTestId(`delete-category-${name}`).click();
  const confirm = page.locator('.ant-popconfirm:visible');
  await expect(confirm).toContainText('Delete category?');
  await expectOnScreen(confirm);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(card).toHaveCount(0);
  expect((await request.get(`/api/room-categories/${encodeURIComponent(name)}`)).status()).toBe(404);
});

test('Housekeeping: a card shows the last change and sets a room to cleaning', async ({ page, request, api }) => {
  const p = roomPrefix();
  await ownCategory(request, api, `Phone Twin ${p}`, { roomNumbers: `${p}5` });
  const number = `${p.toUpperCase()}5`;

  await open(page, '/admin/housekeeping');
  await expect(page.getByRole('heading', { name: 'Rooms today' })).toBeVisible();
  await page.getByPlaceholder('Search by room number').fill(number);
  const card = page.getByTestId(`room-${number}`);
  await expect(card).toBeVisible();
  await expect(listCards(page)).toHaveCount(1);
  await expectCardsNotTable(page);
  await expect(card.getByTestId('room-updated')).toContainText('Last change');
  await expectFitsPhone(listCards(page));

  await chooseOption(page, card.getByRole('combobox', { name: `Update status of room ${number}` }), 'Cleaning');
  await expect(page.getByText('Room Status updated successfully', { exact: true })).toBeVisible();
  await expect(card.getByTestId('room-status')).toHaveText('CLEANING');
  const saved = await request.get(`/api/room?searchTerm=${number}`);
  expect((await saved.json()).data[0]).toMatchObject({ status: 'cleaning', room_overview: { room_number: number } });
});

test('in Bengali the five screens’ cards fit the phone, their pop-ups too, and a room is set to cleaning', async ({ page, request, api }) => {
  const lng = 'bn';
  const guest = await api.newGuest('Sadia Karim');
  const code = couponCode();
  await ownCoupon(request, api, code);
  const p = roomPrefix();
  const name = `Phone Loft ${p}`;
  await ownCategory(request, api, name, { rackRate: 9900, offerPrice: 8800, roomNumbers: `${p}7` });
  const number = `${p.toUpperCase()}7`;

  // Users: the card, with its role in Bengali.
  await open(page, '/admin/users', lng);
  await page.getByPlaceholder(say(lng, 'users', 'search')).fill(guest.email);
  const user = page.getByTestId(`user-${guest.email}`);
  await expect(user).toContainText(say(lng, 'users', 'roles.user'));
  await expect(listCards(page)).toHaveCount(1);
  await expectFitsPhone(listCards(page));

  // Coupons: every card.
  await page.goto('/admin/manage-discount');
  await expect(page.getByTestId(`coupon-${code}`).getByTestId('coupon-active')).toHaveText(say(lng, 'coupons', 'card.active'));
  await expectFitsPhone(page.getByRole('list', { name: say(lng, 'coupons', 'listLabel') }).getByRole('listitem'));

  // Categories: the card's labels and prices in Bengali, and the delete question on screen.
  await page.goto('/admin/categories');
  await page.getByPlaceholder(say(lng, 'categories', 'search')).fill(name);
  const category = page.getByTestId(`category-${name}`);
  await expect(category).toContainText(say(lng, 'categories', 'columns.rack'));
  await expect(category).toContainText(formatAmount(8800, lng));
  await expect(listCards(page)).toHaveCount(1);
  await expectFitsPhone(listCards(page));
  await category.getByTestId(`delete-category-${name}`).click();
  const confirm = page.locator('.ant-popconfirm:visible');
  await expect(confirm).toContainText(say(lng, 'categories', 'confirmDelete.title'));
  await expectOnScreen(confirm);
  await confirm.getByRole('button', { name: say(lng, 'categories', 'confirmDelete.cancel'), exact: true }).click();
  await expect(confirm).toBeHidden();

  // Rooms: the card, and the Update dialog no wider than the phone.
  await page.goto('/admin/room-management');
  const room = page.getByTestId(`room-${number}`);
  // Typed again if the box came back empty: seen once in CI with two workers (the box empty, the
  // whole list shown), never reproduced alone or at 6× CPU throttling in 12 loads.
  const roomSearch = page.getByPlaceholder(say(lng, 'rooms', 'search'));
  await expect(async () => {
    if ((await roomSearch.inputValue()) !== number) await roomSearch.fill(number);
    await expect(room).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(room.getByTestId('room-status')).toHaveText(say(lng, 'rooms', 'status.available'));
  await expect(listCards(page)).toHaveCount(1);
  await expectFitsPhone(listCards(page));
  await room.getByTestId(`update-${number}`).click();
  const dialog = page.getByRole('dialog', { name: say(lng, 'rooms', 'update.title') });
  await expect(dialog).toBeVisible();
  expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(WIDTH);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Housekeeping: the work of a card, in Bengali.
  await page.goto('/admin/housekeeping');
  await page.getByPlaceholder(say(lng, 'housekeeping', 'search')).fill(number);
  const card = page.getByTestId(`room-${number}`);
  await expect(card.getByTestId('room-updated')).toContainText(say(lng, 'housekeeping', 'columns.updated'));
  await expect(listCards(page)).toHaveCount(1);
  await expectFitsPhone(listCards(page));
  const cleaning = say(lng, 'housekeeping', 'status.cleaning');
  await chooseOption(page, card.getByRole('combobox', { name: say(lng, 'housekeeping', 'changeStatus', { number }) }), cleaning);
  await expect(page.getByText(say(lng, 'housekeeping', 'messages.updated'), { exact: true })).toBeVisible();
  await expect(card.getByTestId('room-status')).toHaveText(cleaning);
  const saved = await request.get(`/api/room?searchTerm=${number}`);
  expect((await saved.json()).data[0]).toMatchObject({ status: 'cleaning', room_overview: { room_number: number } });
});
