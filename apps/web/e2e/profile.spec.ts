import { expect, signIn, test } from './fixtures';
import { mailedLink } from './mailbox';

test('a guest edits the profile, sees it in the header menu, and logs out', async ({ page, api }) => {
  const { email } = await signIn(page, api, await api.newGuest('Sadia Islam'));
  await page.goto('/profile');
  await expect(page.getByTestId('membership-number')).toHaveText(/^RS\d{6}$/);
  await page.getByLabel('Full name').fill('Sadia Islam Mim');
  await page.getByLabel('Phone').fill('+880 1811-223344');
  await page.getByLabel('Address').fill('Road 5, Dhanmondi, Dhaka');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile has been updated.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue('Sadia Islam Mim');
  await expect(page.getByLabel('Address')).toHaveValue('Road 5, Dhanmondi, Dhaka');

  // The profile dropdown shows name and e-mail, and closes on an outside click.
  await page.getByTestId('profile-menu-button').first().click();
  const menu = page.getByTestId('profile-menu');
  await expect(menu).toContainText('Sadia Islam Mim');
  await expect(menu).toContainText(email);
  await page.mouse.click(5, 400);
  await expect(menu).toBeHidden();

  await page.getByTestId('profile-menu-button').first().click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByTestId('header-login')).toBeVisible();
});

test('a forgotten password is reset through the e-mailed link', async ({ page, api, request }) => {
  const { email, password: oldPassword } = await api.newGuest('Forgetful Guest');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(/a link to reset the password is on its way/)).toBeVisible();

  const link = await mailedLink('password-reset', email, /https?:\/\/\S+?\/reset-password\?token=[\w-]+/);

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('brand-new-password');
  await page.getByLabel('Repeat the new password').fill('brand-new-password');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('Your password has been changed. You can now log in.')).toBeVisible();

  // The new password signs in, the old one no longer does (the form itself: auth.spec.ts).
  expect((await request.post('/api/auth/login', { data: { email, password: oldPassword } })).status()).toBe(401);
  expect((await request.post('/api/auth/login', { data: { email, password: 'brand-new-password' } })).status()).toBe(200);
});
