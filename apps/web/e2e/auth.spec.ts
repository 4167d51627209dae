import type { Page } from '@playwright/test';
import { DEMO, expect, test, uniqueEmail, type Credentials } from './fixtures';

/*
 * The login and sign-up forms, as a person types into them. Every other spec starts signed in
 * through the API (auth.setup.ts, signIn()): this is the one place the forms themselves are used.
 */

async function logInWithForm(page: Page, who: Credentials) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('a guest signs up and lands on /user/dashboard with a membership number', async ({ page }) => {
  await page.goto('/sign-up');
  await page.getByLabel('Full name').fill('Farhana Akter');
  await page.getByLabel('E-mail').fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill('a-good-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByText('Welcome, Farhana Akter')).toBeVisible();
  await expect(page.getByTestId('membership-number')).toHaveText(/^RS\d{6}$/);
});

test('each role logs in with the form and lands on its own dashboard; a wrong password is refused', async ({ page }) => {
  await logInWithForm(page, { email: DEMO.user.email, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toHaveText('Incorrect e-mail or password.');
  await expect(page).toHaveURL(/\/login$/);
  for (const role of ['user', 'staff', 'admin'] as const) {
    await page.evaluate(() => localStorage.removeItem('persist:auth'));
    await logInWithForm(page, DEMO[role]);
    await expect(page).toHaveURL(new RegExp(`/${role}/dashboard$`));
    await expect(page.getByTestId('section-title')).toBeVisible();
  }
});

test.describe('signed in as the demo guest', () => {
  test.use({ signedInAs: 'user' });

  test('a user who opens /admin/users is logged out and sent to /login', async ({ page }) => {
    await page.goto('/user/dashboard');
    await expect(page.getByTestId('section-title')).toBeVisible();
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(page.getByTestId('header-login')).toBeVisible();
    const stored = await page.evaluate(() => localStorage.getItem('persist:auth'));
    expect(JSON.parse(stored ?? '{}').token).toBe('null');
  });
});
