import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { expect, signIn, test } from './fixtures';

/** A photo-like PNG made on the spot: noisy, so it is well above the optimiser's 8 KB threshold. */
function noisyPng(width: number, height: number) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const STORED_URL = /^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}-1280\.webp$/;

test('a guest uploads a profile photo (after a file that is not a picture is refused with the server message, changing nothing) and the header shows it after saving and after a reload', async ({
  page,
  api,
}) => {
  const guest = await api.newGuest('Nusrat Jahan');
  await signIn(page, api, guest);
  await page.goto('/profile');
  await expect(page.getByTestId('membership-number')).toBeVisible();

  // Not a picture, whatever its name says: refused with the server's message, and nothing changes.
  await page.getByLabel('Upload a photo').setInputFiles({
    name: 'photo.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('These are my holiday notes, not a photo.\n'.repeat(400)),
  });
  await expect(page.getByRole('alert')).toContainText('This file is not a picture we can use.');
  await expect(page.getByLabel('Profile picture link')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled();

  // Playwright does not capture a FormData body: note what the page hands to fetch instead.
  await page.evaluate(() => {
    const sentFiles: { purpose: string | null; name: string; type: string; size: number }[] = [];
    Object.assign(window, { sentFiles });
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (init?.body instanceof FormData) {
        const file = init.body.get('file') as File;
        sentFiles.push({ purpose: init.body.get('purpose') as string | null, name: file.name, type: file.type, size: file.size });
      }
      return original(input, init);
    };
  });

  const png = await noisyPng(480, 360);
  await page.getByLabel('Upload a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });

  await expect(page.getByText('Your photo is uploaded. Save changes to keep it.')).toBeVisible();
  // The browser optimised the picture before sending it (Chromium's canvas writes WebP; AVIF where it can).
  const sent = await page.evaluate(() => (window as unknown as { sentFiles: { purpose: string; name: string; type: string; size: number }[] }).sentFiles);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ purpose: 'profile', name: expect.stringMatching(/^me\.(webp|avif)$/) });
  expect(sent[0]!.size).toBeLessThanOrEqual(png.length * 0.98);
  const link = page.getByLabel('Profile picture link');
  await expect(link).toHaveValue(STORED_URL);
  const url = await link.inputValue();
  const preview = page.getByTestId('profile-image-preview');
  await expect(preview).toHaveAttribute('src', url);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);

  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile has been updated.')).toBeVisible();

  const headerAvatar = page.getByTestId('profile-menu-button').first().locator('img');
  await expect(headerAvatar).toHaveAttribute('src', url);
  await expect.poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);

  await page.reload();
  await expect(headerAvatar).toHaveAttribute('src', url);
  await expect.poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
  await expect(page.getByLabel('Profile picture link')).toHaveValue(url);
});
