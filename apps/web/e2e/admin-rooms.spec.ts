import { createHash, randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { defaultCategory } from '@residency/shared/room-rules';
import sharp from 'sharp';
import { chooseOption, expect, test, uniqueName, type Api } from './fixtures';

/**
 * Admin › Categories and Rooms at 1280 px, in English. The rooms list in Bengali is a component
 * test (features/rooms/pages/rooms-page.test.tsx); the list as cards at 375 px is the Rooms test
 * of admin-phone.spec.ts, and every-route.spec checks the screen fits 375 px in both languages.
 */

test.use({ signedInAs: 'admin' });

/** A photo-like PNG made on the spot (noisy, so the optimiser has work to do). */
function noisyPng(width = 480, height = 360) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * A short prefix of this test's own for room numbers and names (a room number is at most 20
 * letters and digits): from uniqueName, so the same test makes the same rooms, two never meet.
 */
function roomTag(): string {
  return createHash('sha1').update(uniqueName('rooms')).digest('hex').slice(0, 5);
}

/** A complete category with rooms, made through the API (for the checks that are not about the form). */
async function categoryWithRooms(api: Api, request: APIRequestContext, name: string, roomNumbers?: string) {
  const base = defaultCategory();
  const res = await request.put('/api/room-categories', {
    headers: await api.headers('admin'),
    data: {
      ...base,
      name,
      description: 'A quiet room over the garden.',
      room_features: { ...base.room_features, windows: 'Garden view' },
      roomNumbers,
    },
  });
  expect(res.ok()).toBe(true);
}

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const row = (page: Page, number: string) => rows(page).filter({ has: page.getByText(number, { exact: true }) });

async function filterBy(page: Page, which: 'Category' | 'Status', option: string) {
  await page.getByRole('button', { name: `Filter By ${which}` }).first().click();
  const panel = page.getByTestId(`filter-${which.toLowerCase()}-panel`);
  await expect(panel.getByText(`Filter By ${which}`)).toBeVisible();
  await panel.getByText(option, { exact: true }).click();
  await expect(panel).toBeHidden();
}

/**
 * Holds one kind of API call until the function it returns is called, so that what the screen
 * shows while the call runs (a toast) can be seen; then lets it, and the later ones, through.
 */
async function hold(page: Page, url: string, method: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() === method) await released;
    await route.fallback();
  });
  return release;
}

test('an admin makes a category with rooms, manages the rooms, then syncs the category again', async ({ page, request }) => {
  test.setTimeout(180_000);
  const p = roomTag();
  const name = `Deluxe King ${p}`;
  const [r1, r2, r3, r4] = ['01', '02', '03', '04'].map((n) => `${p.toUpperCase()}${n}X`) as [string, string, string, string];

  // 1. The category, with three room numbers typed loosely.
  await page.goto('/admin/add-category');
  await expect(page.getByRole('heading', { name: 'Add Category', level: 2 })).toBeVisible();
  await expect(page.getByText('Define a room template (used by rooms)')).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' }).first();
  await expect(save).toBeDisabled();
  await page.getByLabel('Category Name').fill(name);
  await expect(save).toBeEnabled();
  await page.getByLabel('Offer Price').fill('6500');
  await page.getByLabel('Room Numbers').fill(`${p}01x, ${p}02x,, ${p}-03x`);
  await expect(page.getByText("Converted to uppercase alphanumeric, e.g. '101a' becomes '101A'.")).toBeVisible();
  const preview = page.getByTestId('room-numbers-preview');
  for (const n of [r1, r2, r3]) await expect(preview.getByText(n, { exact: true })).toBeVisible();
  await page.getByLabel('Description', { exact: true }).fill('A king room with a desk and a rain shower.');
  await page.getByLabel('Windows', { exact: true }).fill('Garden view');
  const benefit = page.getByPlaceholder('Add a benefit, e.g. Late checkout').first();
  await benefit.fill('Late checkout');
  await benefit.press('Enter');
  await expect(page.getByTestId('category-benefits-chips')).toContainText('Late checkout');
  const releaseSave = await hold(page, '**/api/room-categories', 'PUT');
  await save.click();
  await expect(page.getByText('Syncing rooms for this category...')).toBeVisible();
  releaseSave();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(page.getByText('3 created.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/categories$/);
  await page.getByPlaceholder('Search by category name').fill(p);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('৳6,500');

  // 2. The three rooms in the Rooms list: filter by category and status, search by number.
  await page.goto('/admin/room-management');
  await expect(page.getByRole('heading', { name: 'Rooms', exact: true, level: 2 })).toBeVisible();
  await expect(page.getByText('Manage your rooms here')).toBeVisible();
  await filterBy(page, 'Category', name);
  await expect(rows(page)).toHaveCount(3);
  for (const n of [r1, r2, r3]) await expect(row(page, n).getByTestId('room-status')).toHaveText('AVAILABLE');

  await filterBy(page, 'Status', 'Maintenance');
  await expect(page.getByText('No rooms found.')).toBeVisible();
  await filterBy(page, 'Status', 'All');
  await expect(rows(page)).toHaveCount(3);

  await page.getByPlaceholder('Search By Room Number & Name').fill(r2.toLowerCase());
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, r2)).toBeVisible();
  await page.getByPlaceholder('Search By Room Number & Name').fill('');
  await expect(rows(page)).toHaveCount(3);

  // 3. One room goes to maintenance.
  const releaseStatus = await hold(page, '**/api/room/*', 'PATCH');
  await page.getByTestId(`status-menu-${r1}`).click();
  await page.getByRole('menuitem', { name: 'Maintenance' }).click();
  await expect(page.getByText('Please wait...')).toBeVisible();
  releaseStatus();
  await expect(page.getByText('Room Status updated successfully')).toBeVisible();
  await expect(row(page, r1).getByTestId('room-status')).toHaveText('MAINTENANCE');
  await expect(row(page, r1).getByTestId('room-status')).toHaveClass(/ant-tag-red/);
  await filterBy(page, 'Status', 'Maintenance');
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, r1)).toBeVisible();
  await filterBy(page, 'Status', 'All');

  // 4. The Update Room modal: a new price and three pictures (the picker stops at 3).
  await page.getByTestId(`update-${r2}`).click();
  const dialog = page.getByRole('dialog', { name: 'Update Room Details' });
  await expect(dialog).toBeVisible();
  for (const title of ['Room Overview', 'Bed and Bedding', 'Room Features', 'Bathroom Features', 'Furniture', 'Price and Status', 'Room Images']) {
    await expect(dialog.getByText(title, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByText('Leave empty to fallback to category images.')).toBeVisible();
  await expect(dialog.getByText('3 slots remaining')).toBeVisible();
  await dialog.getByLabel('Price Per Night').fill('7000');
  const picker = dialog.getByTestId('update-room-images');
  const pictures = await Promise.all([1, 2, 3, 4].map(() => noisyPng()));
  await picker.setInputFiles(pictures.map((buffer, i) => ({ name: `room-${i + 1}.png`, mimeType: 'image/png', buffer })));
  await expect(page.getByText('Maximum 3 images allowed')).toBeVisible();
  await expect(dialog.getByText('0 slots remaining')).toBeVisible();
  await expect(picker).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Add Images' })).toBeDisabled();
  await expect(dialog.getByTestId('remove-pending-image')).toHaveCount(3);
  await dialog.getByTestId('remove-pending-image').first().click();
  await expect(dialog.getByText('1 slots remaining')).toBeVisible();
  await expect(picker).toBeEnabled();
  await picker.setInputFiles({ name: 'room-5.png', mimeType: 'image/png', buffer: pictures[0]! });
  await expect(picker).toBeDisabled();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updating room...')).toBeVisible();
  await expect(page.getByText('Room updated successfully')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();

  const saved = await request.get(`/api/room?searchTerm=${r2}`);
  const [room] = ((await saved.json()) as { data: { price: number; images: string[]; status: string }[] }).data;
  expect(room).toMatchObject({ price: 7000, status: 'available' });
  expect(room!.images).toHaveLength(3);
  for (const url of room!.images) expect(url).toMatch(/^\/uploads\/.+-1280\.webp$/);

  // The details show the new price and the pictures.
  await row(page, r2).getByRole('button', { name: `Details of room ${r2}` }).click();
  const details = page.getByTestId('room-details');
  await expect(details).toContainText('৳7,000 per night');
  await expect(details.locator('img')).toHaveCount(3);
  await expect(details).toContainText('Garden view');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // 5. One room is deleted.
  await page.getByTestId(`delete-${r3}`).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
  await expect(page.getByText('Room Deleted successfully')).toBeVisible();
  await expect(rows(page)).toHaveCount(2);

  // 6. The category again: two of the numbers plus a new one, removing the rest.
  await page.goto('/admin/categories');
  await page.getByPlaceholder('Search by category name').fill(p);
  await page.getByTestId(`update-category-${name}`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/edit-category/${encodeURIComponent(name)}$`));
  await expect(page.getByRole('heading', { name: `Edit Category: ${name}` })).toBeVisible();
  await expect(page.getByLabel('Category Name')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Room Numbers')).toHaveValue(`${r1}, ${r2}`);
  await expect(page.getByLabel('Windows', { exact: true })).toHaveValue('Garden view');
  await page.getByLabel('Room Numbers').fill(`${r1}, ${r3}, ${p}04x`);
  await page.getByTestId('remove-missing').click();
  await page.getByRole('button', { name: 'Save' }).first().click();
  // The destructive switch asks first, naming the room it deletes.
  const deleting = page.getByRole('dialog', { name: 'Delete 1 room?' });
  await expect(deleting).toContainText(r2);
  await deleting.getByRole('button', { name: 'Delete the room and save' }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(page.getByText('2 created.', { exact: true })).toBeVisible();
  await expect(page.getByText('1 deleted.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/categories$/);

  await page.goto('/admin/room-management');
  await filterBy(page, 'Category', name);
  await expect(rows(page)).toHaveCount(3);
  await expect(row(page, r1).getByTestId('room-status')).toHaveText('MAINTENANCE');
  await expect(row(page, r3).getByTestId('room-status')).toHaveText('AVAILABLE');
  await expect(row(page, r4).getByTestId('room-status')).toHaveText('AVAILABLE');
  await expect(row(page, r2)).toHaveCount(0);
});

test('an admin adds a room from a category template, after fixing what the form points out', async ({ page, request, api }) => {
  const p = roomTag();
  const name = `Garden Twin ${p}`;
  await categoryWithRooms(api, request, name, `${p}10`);
  await page.goto('/admin/add-room');
  await expect(page.getByRole('heading', { name: 'Add New Room' })).toBeVisible();
  await expect(page.getByText('Create a room with details and pricing')).toBeVisible();
  // Nothing but the category until one is chosen.
  await expect(page.getByLabel('Room Number')).toHaveCount(0);
  await chooseOption(page, page.getByTestId('add-room-category'), name);
  await expect(page.getByLabel('Room Name')).toHaveValue(name);
  await expect(page.getByLabel('Price Per Night')).toHaveValue('5500');
  await expect(page.getByLabel('Windows', { exact: true })).toHaveValue('Garden view');

  await page.getByLabel('Maximum adults').fill('5');
  await page.getByRole('button', { name: 'Add Room' }).click();
  await expect(page.getByText('Room number is required')).toBeVisible();
  await expect(page.getByText('Maximum adults cannot exceed maximum occupancy')).toBeVisible();

  await page.getByLabel('Maximum adults').fill('2');
  await page.getByLabel('Room Number').fill(`${p}11b`);
  await chooseOption(page, page.getByTestId('add-room-status'), 'Maintenance');
  await page.getByLabel('Price Per Night').fill('6100');
  await page
    .getByTestId('add-room-images')
    .setInputFiles({ name: 'twin.png', mimeType: 'image/png', buffer: await noisyPng() });
  await expect(page.getByText('2 slots remaining')).toBeVisible();
  await page.getByRole('button', { name: 'Add Room' }).click();
  await expect(page.getByText('Room Added Successfully')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/admin\/room-management$/);

  const res = await request.get(`/api/room?searchTerm=${p}11B`);
  const [room] = ((await res.json()) as { data: { category: string; status: string; price: number; images: string[] }[] }).data;
  expect(room).toMatchObject({ category: name, status: 'maintenance', price: 6100 });
  expect(room!.images).toHaveLength(1);
});

test('a category with rooms cannot be deleted; an empty one can', async ({ page, request, api }) => {
  const p = roomTag();
  const full = `Busy Suite ${p}`;
  const empty = `Empty Suite ${p}`;
  await categoryWithRooms(api, request, full, `${p}20`);
  await categoryWithRooms(api, request, empty);
  await page.goto('/admin/categories');
  await page.getByPlaceholder('Search by category name').fill(p);
  await expect(page.getByRole('row', { name: new RegExp(`Busy Suite ${p}`) })).toContainText('1 room');

  await page.getByTestId(`delete-category-${full}`).click();
  await expect(page.getByText('Delete category?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
  await expect(page.getByText(`"${full}" still has 1 room(s). Delete or move them first.`)).toBeVisible();

  await page.getByTestId(`delete-category-${empty}`).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
  await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(empty) })).toHaveCount(0);

  await page.getByPlaceholder('Search by category name').fill(`nothing-like-this-${p}`);
  await expect(page.getByText('No categories found.')).toBeVisible();
});
