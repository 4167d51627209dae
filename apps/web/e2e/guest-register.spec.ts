import type { Locator, Page } from '@playwright/test';
import { addDays, todayAt } from '@residency/shared/dates';
import sharp from 'sharp';
import { DEMO, expect, freeRooms, login, seriousViolations, sidewaysOverflow, signIn, test } from './fixtures';

/*
 * The guest register (issue 34), as a foreign couple and the desk live it: the couple fill both
 * registration cards online on a phone before arrival (passports, visas, the passport photo and
 * a portrait from files), and the desk checks the room in at once, the cards ready.
 */

const today = todayAt('Asia/Dhaka');

/** A small JPEG of one colour with a label: a stand-in for a phone's photo. */
async function jpeg(colour: string, text: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320"><rect width="100%" height="100%" fill="${colour}"/><text x="24" y="170" font-size="40" fill="white">${text}</text></svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  return { name: `${text.toLowerCase().replace(/\W+/g, '-')}.jpg`, mimeType: 'image/jpeg', buffer };
}

/** Chooses a file through the button that opens the file chooser (a click, or Enter on the focused button). */
async function chooseFile(page: Page, press: () => Promise<void>, file: Awaited<ReturnType<typeof jpeg>>) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), press()]);
  await chooser.setFiles(file);
}

interface Card {
  fullName: string;
  guardianName: string;
  country: string;
  dateOfBirth: string;
  phone: string;
  passport: string;
  visaNumber: string;
}

/** Types a foreign guest's text fields (the nationality is chosen by the caller, by pointer or keyboard). */
async function fillText(card: Locator, guest: Card) {
  await card.getByLabel('Full name').fill(guest.fullName);
  await card.getByLabel("Father's or husband's name").fill(guest.guardianName);
  await card.getByLabel('Address').fill('Hauptstraße 12, 10115 Berlin');
  await card.getByLabel('Date of birth').fill(guest.dateOfBirth);
  await card.getByLabel('Phone').fill(guest.phone);
  await card.getByLabel('Passport number').fill(guest.passport);
  await card.getByLabel('Purpose of visit').fill('Tourism');
  await card.getByLabel('Arriving from').fill('Hazrat Shahjalal Airport');
  await card.getByLabel('Going to').fill('Sylhet');
  await card.getByLabel('Visa type').fill('Tourist');
  await card.getByLabel('Visa number').fill(guest.visaNumber);
  await card.getByLabel('Visa expiry').fill(addDays(today, 40));
  await card.getByLabel('Date of entry to Bangladesh').fill(addDays(today, -2));
}

test.describe.serial('the guest register', () => {
  let stay: { _id: string; transactionId: string; room: { roomNumber: string } };

  test('a foreign couple check in online in English at 375 px: two cards, passports and visas, photos from files', async ({ page, request, api }) => {
    test.slow();
    // Tonight and tomorrow, for two adults, in the demo guest's name; the desk confirmed it.
    const [room] = await freeRooms(request, today, addDays(today, 2), { adults: 2, children: 0 });
    expect(room, 'a room for two tonight').toBeTruthy();
    const made = await request.post('/api/bookings', {
      headers: await api.headers('user'),
      data: { roomId: room!._id, checkIn: today, checkOut: addDays(today, 2), adults: 2, phone: '01711-223344' },
    });
    expect(made.status(), await made.text()).toBe(201);
    stay = (await made.json()).data;
    const confirmed = await request.patch(`/api/bookings/${stay._id}`, { headers: await api.headers('staff'), data: { isConfirmed: true } });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);

    await page.setViewportSize({ width: 375, height: 812 });
    // The pre-arrival mail's link on a fresh load, signed out: the sign-in page, which comes back here.
    await page.goto(`/user/my-bookings/${stay._id}/check-in`);
    await expect(page).toHaveURL(/\/login$/);

    // Signed in, from My Bookings: the room's "Online check-in".
    await login(page, DEMO.user);
    await page.goto('/user/my-bookings');
    const link = page.locator(`a[href="/user/my-bookings/${stay._id}/check-in"]`).first();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/user/my-bookings/${stay._id}/check-in$`));
    await expect(page.getByRole('heading', { name: 'Online check-in' })).toBeVisible();
    const cards = page.getByTestId('guest-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0).getByTestId('card-status')).toHaveText('Incomplete');

    // Guest 1 by pointer: German, the passport chosen for her, its country taken from her nationality.
    const anna = cards.nth(0);
    await anna.getByLabel('Nationality').click();
    await page.keyboard.type('Germ');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Germany"]').click();
    await expect(anna.getByTestId('foreign-fields')).toBeVisible();
    await expect(anna.getByLabel('ID type').locator('xpath=ancestor::*[contains(@class,"ant-select")][1]')).toContainText('Passport');
    await fillText(anna, { fullName: 'Anna Schmidt', guardianName: 'Peter Schmidt', country: 'Germany', dateOfBirth: '1988-02-03', phone: '+49 30 1234567', passport: 'C01X00T47', visaNumber: 'BD-V-778812' });
    // A visa ending before check-out is flagged, and the warning goes with a right date.
    await anna.getByLabel('Visa expiry').fill(today);
    await expect(anna.getByTestId('visa-warning')).toContainText('The visa expires on');
    await anna.getByLabel('Visa expiry').fill(addDays(today, 40));
    await expect(anna.getByTestId('visa-warning')).toHaveCount(0);
    await expect(anna.getByTestId('card-missing')).toHaveText('Still needed: ID document photo, Guest\'s photo');

    // Guest 2 by keyboard: the nationality typed and taken with Enter.
    const jonas = cards.nth(1);
    await jonas.getByLabel('Nationality').focus();
    await page.keyboard.type('Fran');
    await page.keyboard.press('Enter');
    await expect(jonas.getByTestId('foreign-fields')).toBeVisible();
    await expect(jonas.getByLabel('Passport issued by').locator('xpath=ancestor::*[contains(@class,"ant-select")][1]')).toContainText('France');
    await fillText(jonas, { fullName: 'Jonas Martin', guardianName: 'Luc Martin', country: 'France', dateOfBirth: '1986-09-21', phone: '+33 1 42 68 53 00', passport: '18AV34512', visaNumber: 'BD-V-778813' });

    // The photos: the camera button opens the back camera for a document, the front one for a face.
    await expect(anna.getByTestId('photo-document-camera-input')).toHaveAttribute('capture', 'environment');
    await expect(anna.getByTestId('photo-portrait-camera-input')).toHaveAttribute('capture', 'user');
    // Anna's passport by a tap on Upload: the cards are saved first (the photo needs the card's id).
    await chooseFile(page, () => anna.getByTestId('photo-document').getByRole('button', { name: /^Upload/ }).click(), await jpeg('#1d4ed8', 'Passport Anna'));
    await expect(anna.getByTestId('photo-document').getByTestId('photo-preview')).toBeVisible();
    await expect(anna.getByTestId('photo-document').getByTestId('photo-preview')).toHaveAttribute('src', /^blob:/);
    await chooseFile(page, () => anna.getByTestId('photo-portrait').getByRole('button', { name: /^Take photo/ }).click(), await jpeg('#7c3aed', 'Anna'));
    await expect(anna.getByTestId('card-status')).toHaveText('Complete');
    // Jonas's by keyboard: Enter on the focused Upload button opens the file chooser.
    await chooseFile(page, async () => {
      await jonas.getByTestId('photo-document').getByRole('button', { name: /^Upload/ }).focus();
      await page.keyboard.press('Enter');
    }, await jpeg('#0f766e', 'Passport Jonas'));
    await expect(jonas.getByTestId('photo-document').getByTestId('photo-saved')).toBeVisible();
    await chooseFile(page, async () => {
      await jonas.getByTestId('photo-portrait').getByRole('button', { name: /^Upload/ }).focus();
      await page.keyboard.press('Enter');
    }, await jpeg('#b45309', 'Jonas'));
    await expect(jonas.getByTestId('card-status')).toHaveText('Complete');

    // Both cards complete and saved: the guest is told, and the server agrees.
    await expect(page.getByTestId('register-summary')).toContainText('All cards are complete.');
    await expect(page.getByTestId('check-in-ready')).toBeVisible();
    const kept = (await (await request.get(`/api/bookings/${stay._id}/guests`, { headers: await api.headers('user') })).json()).data;
    expect(kept.complete, JSON.stringify(kept.missing)).toBe(true);
    expect(kept.guests.map((g: { fullName: string; nationality: string; idType: string }) => [g.fullName, g.nationality, g.idType])).toEqual([
      ['Anna Schmidt', 'DE', 'passport'],
      ['Jonas Martin', 'FR', 'passport'],
    ]);
    // A fresh load (the mail's link) shows the cards as saved.
    await page.reload();
    await expect(page.getByTestId('guest-card')).toHaveCount(2);
    await expect(page.getByTestId('guest-card').nth(1).getByLabel('Full name')).toHaveValue('Jonas Martin');
    await expect(page.getByTestId('guest-card').nth(0).getByTestId('photo-portrait').getByTestId('photo-preview')).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the desk checks the room in at once with the cards ready, and the guest then reads them as kept', async ({ page, api }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page, DEMO.staff);
    await page.goto(`/staff/reservation?q=${stay.transactionId}`);
    const row = page.getByTestId(`booking-${stay.transactionId}`);
    await expect(row).toHaveCount(1);
    // The booking's details say the cards are ready.
    await row.getByRole('button', { name: 'Details' }).click();
    const details = page.getByTestId('booking-details');
    await expect(details.getByTestId('registration-tag')).toHaveText('Cards ready');
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    await row.getByRole('button', { name: 'Check in' }).click();
    // No cards to fill, no note asked: checked in at once.
    await expect(page.getByText(`is checked in to room ${stay.room.roomNumber}`)).toBeVisible();
    await expect(page.getByTestId('registration-dialog')).toHaveCount(0);
    await expect(row.getByTestId('state-tag')).toHaveText('Checked in');

    // The guest's page now shows the cards as the desk keeps them.
    await signIn(page, api, 'user');
    await page.goto(`/user/my-bookings/${stay._id}/check-in`);
    await expect(page.getByTestId('check-in-locked')).toBeVisible();
    await expect(page.getByTestId('guest-card-read')).toHaveCount(2);
    await expect(page.getByTestId('guest-card-read').nth(0)).toContainText('Anna Schmidt');
    await expect(page.getByRole('button', { name: /^Upload/ })).toHaveCount(0);
  });
});
