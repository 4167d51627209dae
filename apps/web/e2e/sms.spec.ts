import { expect, seriousViolations, sidewaysOverflow, signIn, test, useLanguage } from './fixtures';

/*
 * SMS on the web (issue 34): the admin's SMS templates with their live segment count and
 * preview, and the guest's Phone and SMS on the profile, at 375 and 1280 px in both languages.
 */

const SHOTS = process.env.SMS_SHOTS_DIR;

test('the admin edits an SMS text: the count follows the typing, warns above two segments, previews and resets', async ({ page, api }) => {
  await signIn(page, api, 'admin');
  await page.goto('/admin/sms-templates');
  const editor = page.getByTestId('sms-BOOKING_CONFIRMED-bn');
  await expect(editor.getByTestId('sms-count')).toContainText('UCS-2');
  const body = editor.getByTestId('sms-body');
  await body.fill('ক'.repeat(70));
  await expect(editor.getByTestId('sms-count')).toHaveText('70 characters · 1 SMS (UCS-2, 70 per SMS)');
  await body.fill('ক'.repeat(135));
  await expect(editor.getByTestId('sms-count')).toHaveText('135 characters · 3 SMS (UCS-2, 67 per SMS)');
  await expect(editor.getByRole('alert')).toContainText('More than 2 SMS');
  await body.fill('বুকিং ');
  await editor.getByRole('button', { name: 'Insert reservationId' }).click();
  await expect(body).toHaveValue('বুকিং {{reservationId}}');
  await editor.getByRole('button', { name: 'Preview' }).click();
  await expect(editor.getByTestId('sms-preview')).toContainText('বুকিং RSV-7K3F9Q2M');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('Customised')).toBeVisible();
  await editor.getByRole('button', { name: 'Reset to default' }).click();
  await page.getByRole('button', { name: 'Reset to default' }).last().click();
  await expect(page.getByTestId('sms-BOOKING_CONFIRMED-bn').getByText('Built-in text')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

for (const lng of ['en', 'bn'] as const) {
  for (const width of [375, 1280]) {
    test(`the SMS templates and the profile's Phone and SMS fit ${width} px in ${lng}`, async ({ page, api }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, api, 'admin');
      await page.goto('/admin/sms-templates');
      await useLanguage(page, lng);
      await expect(page.getByTestId('sms-PRE_ARRIVAL-bn')).toBeVisible();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/sms-templates-${lng}-${width}.png`, fullPage: width === 1280 });

      const guest = await api.newGuest('Sadia Islam');
      const guestPage = await page.context().browser()!.newPage({ viewport: { width, height: 900 } });
      await signIn(guestPage, api, guest);
      await guestPage.goto('/profile');
      await useLanguage(guestPage, lng);
      const section = guestPage.getByTestId('phone-sms-section');
      await expect(section).toBeVisible();
      expect(await sidewaysOverflow(guestPage)).toBeLessThanOrEqual(0);
      if (SHOTS) await section.screenshot({ path: `${SHOTS}/profile-sms-${lng}-${width}.png` });
      await guestPage.close();
    });
  }
}

test('a guest verifies the profile phone: Verify sends a code, the code field appears', async ({ page, api }) => {
  const guest = await api.newGuest('Rafi Ahmed');
  await signIn(page, api, guest);
  await page.goto('/profile');
  await page.getByLabel('Phone', { exact: true }).fill('01711-987654');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile has been updated.')).toBeVisible();
  const section = page.getByTestId('phone-sms-section');
  await expect(section.getByTestId('phone-state')).toHaveText('Not verified');
  await expect(section.getByTestId('sms-opt-in')).toBeChecked();
  await section.getByTestId('verify-phone').click();
  await expect(section.getByText('We sent a 6-digit code by SMS. It works for 5 minutes.')).toBeVisible();
  await section.getByTestId('phone-code').fill('000000');
  await section.getByRole('button', { name: 'Confirm code' }).click();
  await expect(section.getByText(/Wrong code|This code/)).toBeVisible();
  if (SHOTS) await section.screenshot({ path: `${SHOTS}/profile-sms-code-en-1280.png` });
});
