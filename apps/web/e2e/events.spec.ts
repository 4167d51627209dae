import { addDays, todayAt } from '@residency/shared/dates';
import { chooseOption, expect, freeRooms, seriousViolations, signIn, test, testDayOffset, uniqueEmail, useLanguage } from './fixtures';
import { waitForMail } from './mailbox';
import { fillEventForm } from './support/event-form';

/**
 * Meetings & events and in-stay service requests, as the people who use them: a visitor asks
 * for a hall from the public page and the desk handles it; a guest asks for a service and the
 * staff mark it done. Each flow once, in English at 1280 px; a Bengali visitor on a phone asks
 * for a hall from the menu drawer, and the mail answers in Bengali. The staff screens and My
 * requests in Bengali on a phone (their words, the cards) are checked by component tests
 * (features/events/pages/event-requests-page.test.tsx, features/services/pages/service-requests-page.test.tsx),
 * the Bengali mails' words by the API's events.test.ts.
 */

test("a visitor picks the event type from the Meetings & Events submenu and asks for a wedding; the staff confirm it and the visitor's mails say so", async ({
  page,
  api,
}) => {
  const email = uniqueEmail('event');
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('button', { name: 'Meetings & Events' }).hover();
  await page.getByRole('menuitem', { name: 'Corporate Meeting' }).click();
  await expect(page).toHaveURL(/\/events\?type=corporate$/);
  await expect(page).toHaveTitle(/^Meetings & Events \|/);
  const types = page.getByTestId('event-eventType-group');
  await expect(types.getByLabel('Corporate')).toBeChecked();
  // Another item while on the page changes the choice.
  await nav.getByRole('button', { name: 'Meetings & Events' }).hover();
  await page.getByRole('menuitem', { name: 'Wedding & Others' }).click();
  await expect(page).toHaveURL(/\/events\?type=wedding$/);
  await expect(types.getByLabel('Wedding')).toBeChecked();
  await expect(types.getByLabel('Corporate')).not.toBeChecked();
  await expect(page.getByTestId('venue-card').first()).toBeVisible();

  // Sent empty: the form's messages, clean for axe.
  const form = page.getByTestId('event-form');
  await form.getByTestId('event-submit').click();
  await expect(page.locator('.field-error').first()).toBeVisible();
  expect(await seriousViolations(page), 'axe on /events with its messages (en)').toEqual([]);

  await fillEventForm(page, email);
  await form.getByTestId('event-submit').click();
  const success = page.getByTestId('event-success');
  await expect(success).toBeFocused();
  await expect(success).toContainText(email);
  const reference = (await page.getByTestId('event-reference').textContent())!.trim();
  expect(reference).toMatch(/^EVT-[0-9A-Z]{8}$/);
  // The visitor's own mail says it was received.
  expect((await waitForMail('event-received', email)).subject).toContain(reference);

  await signIn(page, api, 'staff');
  await page.goto('/staff/event-request');
  await page.getByTestId('event-search').fill(reference);
  const row = page.getByTestId(`event-${reference}`);
  await expect(page.locator('[data-testid^="event-EVT-"]')).toHaveCount(1);
  await expect(row.getByTestId('event-status')).toHaveText('Pending');
  await expect(row).toContainText('Sumaiya Karim');
  await row.getByRole('button', { name: 'Update' }).click();
  const update = page.getByTestId('event-update-form');
  await chooseOption(page, update.getByTestId('event-update-status'), 'Confirmed');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Event request ${reference} updated`)).toBeVisible();
  await expect(row.getByTestId('event-status')).toHaveText('Confirmed');

  // The visitor is told.
  expect((await waitForMail('event-confirmed', email)).subject).toBe(`Your event ${reference} is confirmed`);
});

test.describe('a Bengali visitor on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the drawer's Private Meeting opens /events with Other chosen; the form's messages pass axe; the request's mail comes in Bengali", async ({ page }) => {
    const email = uniqueEmail('event-bn');
    await page.goto('/');
    await useLanguage(page, 'bn');
    await page.getByTestId('menu-button').first().click();
    await page.getByTestId('mobile-drawer').getByRole('link', { name: 'প্রাইভেট মিটিং' }).click();
    await expect(page).toHaveURL(/\/events\?type=private$/);
    const types = page.getByTestId('event-eventType-group');
    await expect(types.getByLabel('অন্যান্য')).toBeChecked();

    const form = page.getByTestId('event-form');
    await form.getByTestId('event-submit').click();
    await expect(page.locator('.field-error').first()).toBeVisible();
    expect(await seriousViolations(page), 'axe on /events with its messages (bn, 375 px)').toEqual([]);

    await fillEventForm(page, email);
    await form.getByTestId('event-submit').click();
    const reference = (await page.getByTestId('event-reference').textContent())!.trim();
    expect(reference).toMatch(/^EVT-[0-9A-Z]{8}$/);
    // Sent in the language of the site: the mail answers in Bengali.
    expect((await waitForMail('event-received', email)).subject).toBe(`আপনার ইভেন্ট অনুরোধ ${reference} আমরা পেয়েছি`);
  });
});

test('a guest asks for extra towels, the staff mark it complete, and the guest sees Completed', async ({ page, request, api }) => {
  const guest = await api.newGuest('Shirin Akter');
  // A stay of the guest's own, far ahead, in a room free for it.
  const today = todayAt((await (await request.get('/api/site')).json()).data.timeZone as string);
  const checkIn = addDays(today, testDayOffset(300, 1200));
  const checkOut = addDays(checkIn, 2);
  const [room] = await freeRooms(request, checkIn, checkOut);
  const booked = await request.post('/api/bookings', {
    headers: guest.headers,
    data: { roomId: room!._id, checkIn, checkOut, adults: 1, children: 0, phone: '+880 1711-998877' },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  await signIn(page, api, guest);
  await page.goto('/user/my-request');
  await chooseOption(page, page.getByTestId('service-type'), 'Extra towels');
  await page.getByTestId('service-request-form').locator('textarea').fill('Two bath towels, please.');
  await page.getByTestId('service-submit').click();
  const mine = page.locator('[data-testid^="my-request-"]').filter({ hasText: 'Two bath towels, please.' });
  await expect(mine.getByTestId('request-state')).toHaveText('Pending');

  await signIn(page, api, 'staff');
  await page.goto('/staff/user-request');
  await page.getByTestId('service-search').fill(guest.email);
  const row = page.locator('[data-testid^="service-request-"]').filter({ hasText: guest.name });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('completed-dot')).toHaveAttribute('data-completed', 'false');
  await row.getByRole('button', { name: 'Mark as Complete' }).click();
  await expect(row.getByTestId('completed-dot')).toHaveAttribute('data-completed', 'true');
  await expect(row.getByTestId('completed-label')).toBeDisabled();

  await signIn(page, api, guest);
  await page.goto('/user/my-request');
  await expect(mine.getByTestId('request-state')).toHaveText('Completed');
});
