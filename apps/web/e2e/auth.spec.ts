import { DEMO, expect, login, test, uniqueEmail } from './fixtures';

test('a guest signs up and lands on /user/dashboard with a membership number', async ({ page }) => {
  const email = uniqueEmail();
  await page.goto('/sign-up');
  await page.getByLabel('Full name').fill('Farhana Akter');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-good-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByText('Welcome, Farhana Akter')).toBeVisible();
  await expect(page.getByTestId('membership-number')).toHaveText(/^RS\d{6}$/);
});

test('a user who opens /admin/users is logged out and sent to /login', async ({ page }) => {
  await login(page, DEMO.user);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page.getByTestId('header-login')).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('persist:auth'));
  expect(JSON.parse(stored ?? '{}').token).toBe('null');
});
